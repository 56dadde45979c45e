/**
 * The user's time-tracking terminal link (docs/time-tracking.md "The terminal screen"):
 * `/backend/time-tracking/{accessToken}/{username}`, for an admin to copy onto the tablet at the
 * door or to open. The access token is in the admin's GET /api/users/{id}; without one (an
 * employee's view, an unsaved user) nothing shows.
 */
import { buttonClass } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useId, useState } from 'react'
import { useT } from '../../lib/i18n.tsx'
import type { StoredResource } from '../../lib/resources.ts'

export function terminalLinkOf(origin: string, user: StoredResource): string | null {
  const token = typeof user.accessToken === 'string' ? user.accessToken : ''
  const username = typeof user.username === 'string' ? user.username : ''
  if (!token || !username) return null
  return `${origin}${paths.backend.url(paths.backend.timeTerminal(token, username))}`
}

export function TerminalLinkPanel({ user }: { user: StoredResource }) {
  const t = useT('bo-users')
  const id = useId()
  const [status, setStatus] = useState('')
  const url = terminalLinkOf(location.origin, user)
  if (!url) return null
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setStatus(t('terminal.copied'))
    } catch {
      // No clipboard (plain http, a refused permission): the field is selected to copy by hand.
      ;(document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select()
      setStatus(t('terminal.copyManually'))
    }
  }
  return (
    <section className="bo-side-panel" aria-labelledby={`${id}-title`} data-testid="terminal-link">
      <h2 id={`${id}-title`}>{t('terminal.title')}</h2>
      <p className="bo-muted">{t('terminal.intro')}</p>
      <label className="ui-field__label" htmlFor={`${id}-url`}>
        {t('terminal.link')}
      </label>
      <input id={`${id}-url`} className="ui-input" readOnly value={url} spellCheck={false} />
      <div className="bo-day__tools">
        <button
          type="button"
          className={buttonClass('secondary', { small: true })}
          onClick={() => void copy()}
        >
          {t('terminal.copy')}
        </button>
        <a className={buttonClass('secondary', { small: true })} href={url} target="_blank" rel="noopener">
          {t('terminal.open')}
        </a>
      </div>
      <p role="status" className="bo-muted">
        {status}
      </p>
    </section>
  )
}
