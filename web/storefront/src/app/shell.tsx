import { Button, IconButton, Notice, Spinner } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { lazy, Suspense, useEffect } from 'react'
import { Link, Outlet, useLocation } from 'react-router'
import { adminOf } from '../lib/admin-toolbar-gate.ts'
import { branchIdentifierOf, pagePathOf, track } from '../lib/analytics.ts'
import { setConsent, useConsent } from '../lib/consent.ts'
import { useT } from '../lib/i18n.tsx'
import { LEGAL_PAGES, legalPageText } from '../lib/legal-pages.ts'
import { useOnline } from '../lib/online.ts'
import { useCanInstall } from '../lib/pwa-install.ts'
import { useShopData } from '../lib/shop-data.tsx'
import { useShopFonts } from '../lib/shop-fonts.ts'
import { useTheme } from '../lib/theme.ts'
import { Kiosk } from './kiosk.tsx'
import { Pwa } from './pwa.tsx'
import { isSelfServicePath } from './router.tsx'
import { LocalePicker, MainNav, MenuButton } from './shell-nav.tsx'

// Only for a logged-in admin with the toolbar plugin (spec §1): its own chunk, never loaded for
// anonymous visitors.
const AdminToolbar = lazy(() =>
  import('../features/admin-toolbar/admin-toolbar.tsx').then((m) => ({ default: m.AdminToolbar })),
)

function AdminToolbarSlot() {
  const { data, reload } = useShopData()
  const admin = adminOf(data?.config, data?.me)
  if (!admin) return null
  return (
    <Suspense fallback={null}>
      <AdminToolbar me={admin} onLoggedOut={() => void reload()} />
    </Suspense>
  )
}

/** True on kiosk routes (spec §2: route meta context 'self-service'). */
export function useSelfService(): boolean {
  return isSelfServicePath(useLocation().pathname)
}

/** A new page starts at the top; back and forward keep the browser's own restoration. */
function ScrollToTop() {
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new path by design
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return null
}

/**
 * A page view per new path for the statistics (only with consent: `track` checks), with the
 * branch when the page belongs to one; never the status link's secret.
 */
function PageViews() {
  const { pathname } = useLocation()
  const { data } = useShopData()
  const branches = data?.branches ?? []
  const identifier = branchIdentifierOf(pathname)
  const branchId = identifier ? branches.find((b) => b.identifier === identifier)?.id : undefined
  // Once the shop data is there (the branch's id is known then), and once per path.
  const ready = data !== undefined
  useEffect(() => {
    if (!ready) return
    track('pageview', 'view', undefined, {
      path: pagePathOf(pathname),
      ...(branchId ? { branch: branchId } : {}),
    })
  }, [ready, pathname, branchId])
  return null
}

/** Header, page, footer and the global layers (spec §2 "Shell"). */
export function Shell() {
  const t = useT('sf-shell')
  const { data, error, reload } = useShopData()
  const online = useOnline()
  const selfService = useSelfService()
  useShopFonts(data?.config)
  return (
    <>
      {/* First in the tab order (issue 18: it was ~187 Tab presses away at the end of the page);
          it is fixed to the bottom of the window, so its place in the page does not show. */}
      {selfService ? null : <CookieBanner />}
      <a className="ui-skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {selfService ? null : <AdminToolbarSlot />}
      <Header />
      {!online || (error && error.status === 0) ? (
        <div className="ui-container shell-offline">
          <Notice tone="warning" live="assertive">
            <p>{t('offline')}</p>
            <Button small variant="secondary" onClick={() => void reload()}>
              {t('retry')}
            </Button>
          </Notice>
        </div>
      ) : null}
      {data ? (
        <Outlet />
      ) : error ? (
        <main id="main" className="ui-container">
          <Notice tone="danger" live="assertive">
            <p>{t('loadFailed')}</p>
            <Button small variant="secondary" onClick={() => void reload()}>
              {t('retry')}
            </Button>
          </Notice>
        </main>
      ) : (
        <main id="main" className="page-loading">
          <Spinner label={t('loading')} />
        </main>
      )}
      <Footer />
      <Pwa selfService={selfService} />
      {selfService ? <Kiosk /> : null}
      <ScrollToTop />
      <PageViews />
    </>
  )
}

function Header() {
  const t = useT('sf-shell')
  const { data } = useShopData()
  const [theme, toggleTheme] = useTheme()
  const shopName = String(data?.config.shopName ?? '')
  return (
    <header className="shell-header">
      <div className="ui-container shell-header__inner">
        <Link to={paths.home()} className="shell-brand">
          <img src="/icon.svg" alt="" width={32} height={32} />
          <span>{shopName}</span>
        </Link>
        <MainNav />
        <div className="shell-header__actions">
          <LocalePicker />
          <IconButton
            icon={theme === 'dark' ? 'sun' : 'moon'}
            label={theme === 'dark' ? t('lightMode') : t('darkMode')}
            aria-pressed={theme === 'dark'}
            onClick={toggleTheme}
          />
          <MenuButton />
        </div>
      </div>
    </header>
  )
}

function Footer() {
  const t = useT('sf-shell')
  const { data } = useShopData()
  const selfService = useSelfService()
  const config = data?.config ?? {}
  const links = LEGAL_PAGES.map(({ key, slug }) => {
    const hasText = legalPageText(config, key) !== ''
    const external = typeof config[key] === 'string' ? String(config[key]) : ''
    return { key, to: hasText ? paths.site(slug) : null, href: hasText ? null : external || null }
  }).filter((l) => l.to || l.href)
  return (
    <footer className="shell-footer">
      <div className="ui-container shell-footer__inner">
        <nav aria-label={t('legalNavigation')}>
          <ul className="shell-footer__links">
            {links.map((l) => (
              <li key={l.key}>
                {l.to ? (
                  <Link to={l.to}>{t(`legal.${l.key}`)}</Link>
                ) : (
                  <a href={l.href ?? '#'} target="_blank" rel="noopener noreferrer">
                    {t(`legal.${l.key}`)}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
        {selfService ? null : <InstallLink enabled={config.enablePluginPWA === true} />}
        <p className="shell-footer__copy">
          © {new Date().getFullYear()} {String(config.businessName ?? config.shopName ?? '')}
        </p>
      </div>
    </footer>
  )
}

/** Spec §2: only with the PWA plugin, when the browser can install and it is not installed. */
function InstallLink({ enabled }: { enabled: boolean }) {
  const t = useT('sf-pwa')
  const [can, install] = useCanInstall()
  if (!enabled || !can) return null
  return (
    <Button small variant="secondary" icon="download" onClick={() => void install()}>
      {t('install.link')}
    </Button>
  )
}

function CookieBanner() {
  const t = useT('sf-shell')
  const consent = useConsent()
  if (consent !== 'unknown') return null
  return (
    <section className="cookie-banner" aria-label={t('cookies.title')}>
      <div className="cookie-banner__inner">
        <p>{t('cookies.text')}</p>
        <div className="cookie-banner__actions">
          <Button variant="secondary" onClick={() => setConsent(false)}>
            {t('cookies.decline')}
          </Button>
          <Button onClick={() => setConsent(true)}>{t('cookies.accept')}</Button>
        </div>
      </div>
    </section>
  )
}
