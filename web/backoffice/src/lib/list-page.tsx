import { buttonClass, Field } from '@shop/ui'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useT } from './i18n.tsx'
import { ListFailed, ListLoading } from './list-states.tsx'
import type { Loaded } from './resources.ts'

/**
 * The frame every back-office list shares: the page's heading with its "new" link, an optional
 * intro and search box, then the list's state: a spinner while it loads, the spec's "… konnten
 * nicht geladen werden" with a retry when it failed, and the content (mostly a DataTable) once
 * it is there. The search box filters in the page's own state; the list's rows are the page's.
 */
export function ListPage({
  title,
  create,
  intro,
  search,
  count,
  state,
  failedText,
  retry,
  children,
}: {
  title: string
  /** The "new" link in the heading (left out where the list has no editor of its own). */
  create?: { to: string; label: string }
  /** Shown between the heading and the search box (an intro text, a notice, a summary). */
  intro?: ReactNode
  /** The search box's text and its setter. */
  search?: { value: string; onChange: (value: string) => void }
  /** How many rows the list shows now, beside the search box. */
  count?: number
  state: Loaded<unknown>
  failedText: string
  retry: () => void | Promise<void>
  /** The list itself, rendered once the data is there. */
  children: () => ReactNode
}) {
  const t = useT('bo-common')
  return (
    <main id="main" className="bo-page">
      <div className="bo-list__head">
        <h1>{title}</h1>
        {create ? (
          <Link className={buttonClass('primary')} to={create.to}>
            {create.label}
          </Link>
        ) : null}
      </div>
      {intro}
      {search ? (
        <div className="bo-list__tools">
          <Field label={t('search')}>
            <input
              className="ui-input"
              type="search"
              value={search.value}
              onChange={(e) => search.onChange(e.target.value)}
            />
          </Field>
          {count !== undefined && state.status === 'ready' ? (
            <span className="bo-muted">{t('count', { count })}</span>
          ) : null}
        </div>
      ) : null}
      {state.status === 'loading' ? <ListLoading /> : null}
      {state.status === 'failed' ? <ListFailed text={failedText} retry={retry} /> : null}
      {state.status === 'ready' ? children() : null}
    </main>
  )
}
