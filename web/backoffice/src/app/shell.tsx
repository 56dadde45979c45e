import { Button, Icon, IconButton, Notice, Spinner, useTheme } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useEffect, useId, useState } from 'react'
import { Link, NavLink, Outlet, useLocation } from 'react-router'
import { isAdmin } from '../lib/auth-model.ts'
import { BACKOFFICE_LOCALES, type BackofficeLocale, useLocale, useT } from '../lib/i18n.tsx'
import { navigationFor } from '../lib/nav-model.ts'
import { SessionContext, useSession, useSessionState } from '../lib/session.tsx'

/**
 * Loads the logged-in user for every staff page. A 401 has already sent the browser to the
 * login page (lib/api.ts); another failure shows spec §8's "Aktiver Benutzer konnte nicht
 * geladen werden" with a retry.
 */
export function RequireSession() {
  const t = useT('bo-shell')
  const [state, reload] = useSessionState()
  if (state.status === 'ready') {
    return (
      <SessionContext session={state.session}>
        <Outlet />
      </SessionContext>
    )
  }
  if (state.status === 'failed' && state.error.status !== 401) {
    return (
      <main id="main" className="bo-page">
        <Notice tone="danger" live="assertive">
          <p>{t('error.meLoad')}</p>
          <Button small variant="secondary" onClick={() => void reload()}>
            {t('retry')}
          </Button>
        </Notice>
      </main>
    )
  }
  return (
    <main id="main" className="bo-loading">
      <Spinner label={t('loading')} />
    </main>
  )
}

/** Header (user, language, theme, logout) and the navigation by role around the staff pages. */
export function Shell() {
  const t = useT('bo-shell')
  const [menuOpen, setMenuOpen] = useState(false)
  const { pathname } = useLocation()
  const navId = useId()
  // A new page closes the menu (narrow screens).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new path by design
  useEffect(() => setMenuOpen(false), [pathname])
  return (
    <div className="bo-shell">
      <a className="ui-skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="bo-header">
        <IconButton
          className="bo-header__menu"
          icon={menuOpen ? 'close' : 'menu'}
          label={menuOpen ? t('nav.closeMenu') : t('nav.menu')}
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        />
        <Link className="bo-brand" to={paths.backend.orders()}>
          {t('appName')}
        </Link>
        <HeaderActions />
      </header>
      <div className="bo-body">
        <Navigation id={navId} open={menuOpen} />
        <div className="bo-content">
          <Outlet />
        </div>
      </div>
    </div>
  )
}

function HeaderActions() {
  const t = useT('bo-shell')
  const { me } = useSession()
  const [theme, toggleTheme] = useTheme()
  return (
    <div className="bo-header__actions">
      <p className="bo-user" title={t('user.signedInAs', { name: me.user.displayName })}>
        <span className="bo-user__name">{me.user.displayName}</span>
        <span className="bo-user__role">{isAdmin(me) ? t('user.admin') : t('user.employee')}</span>
      </p>
      <LocalePicker />
      <IconButton
        icon={theme === 'dark' ? 'sun' : 'moon'}
        label={theme === 'dark' ? t('theme.light') : t('theme.dark')}
        onClick={toggleTheme}
      />
      <Link className="ui-button ui-button--ghost ui-button--small" to={paths.backend.logout()}>
        {t('logout.action')}
      </Link>
    </div>
  )
}

export function LocalePicker() {
  const t = useT('bo-shell')
  const { locale, setLocale } = useLocale()
  const id = useId()
  return (
    <span className="bo-locale">
      <label className="ui-visually-hidden" htmlFor={id}>
        {t('language')}
      </label>
      <Icon name="globe" aria-hidden="true" />
      <select
        id={id}
        className="ui-select bo-locale__select"
        value={locale}
        onChange={(e) => setLocale(e.target.value as BackofficeLocale)}
      >
        {BACKOFFICE_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`locale.${l}`)}
          </option>
        ))}
      </select>
    </span>
  )
}

function Navigation({ id, open }: { id: string; open: boolean }) {
  const t = useT('bo-shell')
  const { me, branches } = useSession()
  const groups = navigationFor(me, branches)
  return (
    <nav id={id} className={`bo-nav${open ? ' bo-nav--open' : ''}`} aria-label={t('nav.label')}>
      {groups.map((group) => (
        <div key={group.label} className="bo-nav__group">
          <h2 className="bo-nav__heading">{t(group.label)}</h2>
          <ul>
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end ?? false} className="bo-nav__link">
                  {t(item.label, item.params)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="bo-nav__group">
        <a className="bo-nav__link" href="/">
          <Icon name="external" aria-hidden="true" /> {t('nav.storefront')}
        </a>
      </div>
    </nav>
  )
}
