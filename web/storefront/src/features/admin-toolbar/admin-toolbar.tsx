import { APP_VERSION } from '@shop/shared/contracts/http/version.ts'
import { registerNamespace } from '@shop/shared/i18n'
import { readCookie } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useState } from 'react'
import type { AdminMe } from '../../lib/admin-toolbar-gate.ts'
import { useT } from '../../lib/i18n.tsx'
import { TOOLBAR_TEXTS } from './texts.ts'
import './admin-toolbar.css'

registerNamespace('sf-toolbar', TOOLBAR_TEXTS)

/**
 * Spec §1: the logged-in admin's toolbar on the storefront (toolbar plugin on): the display
 * name, links to the back-office (sites, statistics, navigations; spec §2's hash routes), switch
 * to the back-office, logout and the app version. Loaded only for admins (shell.tsx).
 */
export function AdminToolbar({ me, onLoggedOut }: { me: AdminMe; onLoggedOut: () => void }) {
  const t = useT('sf-toolbar')
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  async function logout() {
    setBusy(true)
    setFailed(false)
    try {
      const token = readCookie('XSRF-TOKEN')
      const res = await fetch('/api/logout', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', ...(token ? { 'X-XSRF-TOKEN': token } : {}) },
      })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      onLoggedOut()
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="admin-toolbar" aria-label={t('label')}>
      <div className="ui-container admin-toolbar__inner">
        <p className="admin-toolbar__user">
          <span className="ui-visually-hidden">{t('signedInAs')} </span>
          <strong>{me.user.displayName || me.user.username}</strong>
        </p>
        <nav aria-label={t('links')}>
          <ul className="admin-toolbar__links">
            <li>
              <a href={paths.backend.legacy('sites')}>{t('sites')}</a>
            </li>
            <li>
              <a href={paths.backend.legacy('dashboard')}>{t('dashboard')}</a>
            </li>
            <li>
              <a href={paths.backend.legacy('navigations')}>{t('navigations')}</a>
            </li>
            <li>
              <a href={paths.backend.url('')}>{t('backend')}</a>
            </li>
          </ul>
        </nav>
        <button type="button" className="admin-toolbar__logout" disabled={busy} onClick={() => void logout()}>
          {t('logout')}
        </button>
        {failed ? (
          <span role="alert" className="admin-toolbar__error">
            {t('logoutFailed')}
          </span>
        ) : null}
        <span className="admin-toolbar__version" title={t('version', { version: APP_VERSION })}>
          {APP_VERSION}
        </span>
      </div>
    </section>
  )
}
