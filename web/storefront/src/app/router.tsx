import { Spinner } from '@shop/ui'
import { Component, lazy, type ReactNode, Suspense } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router'
import { useT } from '../lib/i18n.tsx'
import { RouteError } from './route-error.tsx'
import { Shell } from './shell.tsx'

// Spec §2's routes. Every page is its own chunk, so the home page does not load the checkout.
// Declarative routing: the data router's loaders are not needed here and cost ~17 KB gzip of
// the initial JavaScript (docs/benchmarks.md, storefront budget).
const HomePage = lazy(() => import('../features/home/home-page.tsx').then((m) => ({ default: m.HomePage })))
const MenuPage = lazy(() => import('../features/menu/menu-page.tsx').then((m) => ({ default: m.MenuPage })))
const CheckoutPage = lazy(() =>
  import('../features/checkout/checkout-page.tsx').then((m) => ({ default: m.CheckoutPage })),
)
const StatusPage = lazy(() =>
  import('../features/status/status-page.tsx').then((m) => ({ default: m.StatusPage })),
)
const LegalPage = lazy(() =>
  import('../features/content/legal-page.tsx').then((m) => ({ default: m.LegalPage })),
)
const ContentPage = lazy(() =>
  import('../features/content/content-page.tsx').then((m) => ({ default: m.ContentPage })),
)

/** Kiosk routes (spec §2: route meta context 'self-service'): no cookie banner, no install link. */
export const SELF_SERVICE_PREFIX = '/kiosk/'

export function isSelfServicePath(pathname: string): boolean {
  return pathname.startsWith(SELF_SERVICE_PREFIX)
}

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<Page>{<HomePage />}</Page>} />
          <Route path="store/:branchIdentifier" element={<Page>{<MenuPage />}</Page>} />
          <Route path="store/:branchIdentifier/checkout" element={<Page>{<CheckoutPage />}</Page>} />
          <Route
            path="store/:branchIdentifier/checkout/error"
            element={<Page>{<CheckoutPage paymentFailed />}</Page>}
          />
          <Route path="status/:uid/:hash" element={<Page>{<StatusPage />}</Page>} />
          <Route path="site/:legalSlug" element={<Page>{<LegalPage />}</Page>} />
          <Route path="kiosk/:branchIdentifier" element={<Page>{<MenuPage />}</Page>} />
          <Route path="kiosk/:branchIdentifier/checkout" element={<Page>{<CheckoutPage />}</Page>} />
          <Route path="kiosk/:branchIdentifier/status/:uid/:hash" element={<Page>{<StatusPage />}</Page>} />
          <Route path="*" element={<Page>{<ContentPage />}</Page>} />
        </Route>
      </Routes>
    </BrowserRouter>
  )
}

function Page({ children }: { children: ReactNode }) {
  return (
    <PageBoundary>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageBoundary>
  )
}

function PageLoading() {
  const t = useT('sf-shell')
  return (
    <main id="main" className="page-loading">
      <Spinner label={t('loading')} />
    </main>
  )
}

/** A page that crashed or whose chunk failed to load (after a deploy): the 500 page. */
class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <RouteError /> : this.props.children
  }
}
