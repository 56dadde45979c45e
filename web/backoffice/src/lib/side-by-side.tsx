/**
 * Two languages of an editor side by side (issue 19 part 4; docs/content.md "Languages"): the
 * language chosen under "Sprache" and, if one is chosen under "Daneben zeigen", a second one
 * beside it (on a narrow screen below it). Only the languages shown are rendered: a language's
 * fields (and its rich-text editors) mount when it is chosen. Their values stay in the form
 * while they are not shown (react-hook-form keeps an unmounted field's value), so a save keeps
 * every language; a language not shown that has an error is named above, as the form checks
 * them all. Used by the site and the block editor.
 */
import './side-by-side.css'
import { type ReactNode, useId, useState } from 'react'
import { get } from 'react-hook-form'
import { useFormContext } from './forms.tsx'
import { useT } from './i18n.tsx'

export function SideBySide<L extends string>({
  locales,
  languageName,
  title,
  errorPath,
  initialRight = '',
  children,
}: {
  /** Every language, in the order the choices offer them; the first is shown at first. */
  locales: readonly L[]
  languageName: (locale: L) => string
  /** The heading above the choices ("Sprachen"). */
  title: string
  /** Where a language's errors are in the form (`translations.fr-FR`). */
  errorPath: (locale: L) => string
  /** The second language shown at first ('' none). */
  initialRight?: L | ''
  /** One language's panel (called for the languages shown only). */
  children: (locale: L) => ReactNode
}) {
  const t = useT('bo-common')
  const [left, setLeft] = useState<L>(locales[0] as L)
  const [right, setRight] = useState<L | ''>(initialRight === left ? '' : initialRight)
  const leftId = useId()
  const rightId = useId()
  const shown = right ? [left, right] : [left]
  return (
    <section className="bo-side-by-side" aria-labelledby={`${leftId}-heading`}>
      <h2 id={`${leftId}-heading`} className="bo-side-by-side__title">
        {title}
      </h2>
      <div className="bo-side-by-side__toolbar">
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={leftId}>
            {t('sideBySide.left')}
          </label>
          <select
            id={leftId}
            className="ui-select"
            value={left}
            onChange={(e) => {
              const next = e.target.value as L
              setLeft(next)
              if (right === next) setRight('')
            }}
          >
            {locales.map((l) => (
              <option key={l} value={l}>
                {languageName(l)}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={rightId}>
            {t('sideBySide.right')}
          </label>
          <select
            id={rightId}
            className="ui-select"
            value={right}
            onChange={(e) => setRight(e.target.value as L | '')}
          >
            <option value="">{t('sideBySide.none')}</option>
            {locales
              .filter((l) => l !== left)
              .map((l) => (
                <option key={l} value={l}>
                  {languageName(l)}
                </option>
              ))}
          </select>
        </div>
        <HiddenErrors
          hidden={locales.filter((l) => !shown.includes(l))}
          languageName={languageName}
          errorPath={errorPath}
        />
      </div>
      <div
        className={
          right ? 'bo-side-by-side__columns bo-side-by-side__columns--two' : 'bo-side-by-side__columns'
        }
      >
        {shown.map((locale) => (
          <div key={locale} className="bo-side-by-side__column">
            {children(locale)}
          </div>
        ))}
      </div>
    </section>
  )
}

/** Languages not shown that have errors: named, so the user can choose them. */
function HiddenErrors<L extends string>({
  hidden,
  languageName,
  errorPath,
}: {
  hidden: L[]
  languageName: (locale: L) => string
  errorPath: (locale: L) => string
}) {
  const t = useT('bo-common')
  const { formState } = useFormContext()
  const failing = hidden.filter((l) => get(formState.errors, errorPath(l)))
  if (failing.length === 0) return null
  return (
    <p className="ui-field__error bo-side-by-side__errors" role="alert">
      {t('sideBySide.errorsIn', { languages: failing.map(languageName).join(', ') })}
    </p>
  )
}
