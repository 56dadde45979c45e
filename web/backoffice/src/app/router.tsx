import { Spinner } from '@shop/ui'
import { BACKEND_BASE, paths } from '@shop/ui/routes'
import { Component, lazy, type ReactNode, Suspense } from 'react'
import { BrowserRouter, Navigate, Route, Routes } from 'react-router'
import { legacyHashPath } from '../lib/auth-model.ts'
import { useT } from '../lib/i18n.tsx'
import { LoginPage } from './login-page.tsx'
import { LogoutPage } from './logout-page.tsx'
import { NotFound, PageFailed } from './pages.tsx'
import { RequireSession, Shell } from './shell.tsx'

// The back-office's routes (docs/backoffice.md), under /backend. Every feature is its own chunk.
const FrontdeskKeyPage = lazy(() =>
  import('../features/frontdesk/frontdesk-page.tsx').then((m) => ({ default: m.FrontdeskKeyPage })),
)
const FrontdeskBoardPage = lazy(() =>
  import('../features/frontdesk/frontdesk-page.tsx').then((m) => ({ default: m.FrontdeskBoardPage })),
)
const TabletAccessPage = lazy(() =>
  import('../features/frontdesk/tablet-access-page.tsx').then((m) => ({ default: m.TabletAccessPage })),
)
const OrderListPage = lazy(() =>
  import('../features/orders/orders-pages.tsx').then((m) => ({ default: m.OrderListPage })),
)
const OrderDetailPage = lazy(() =>
  import('../features/orders/orders-pages.tsx').then((m) => ({ default: m.OrderDetailPage })),
)
const ReceiptPage = lazy(() =>
  import('../features/orders/orders-pages.tsx').then((m) => ({ default: m.ReceiptPage })),
)
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
)

// The old back-office's hash routes (spec §2: /backend#/dashboard, #/sites, #/navigations, which
// the storefront toolbar links to) become real paths before the router reads the address.
if (typeof location !== 'undefined') {
  const legacy = legacyHashPath(location.pathname, location.hash)
  if (legacy) history.replaceState(history.state, '', legacy)
}

export function App() {
  return (
    <BrowserRouter basename={BACKEND_BASE}>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="logout" element={<LogoutPage />} />
        {/* The shared tablet at the counter: the branch's api key, no login. */}
        <Route
          path="frontdesk/:branchId/:apiKey"
          element={
            <Page>
              <FrontdeskKeyPage />
            </Page>
          }
        />
        <Route element={<RequireSession />}>
          {/* The print view: no navigation around the receipt. */}
          <Route
            path="orders/:id/receipt"
            element={
              <Page>
                <ReceiptPage />
              </Page>
            }
          />
          <Route element={<Shell />}>
            <Route index element={<Navigate to={paths.backend.orders()} replace />} />
            <Route
              path="frontdesk"
              element={
                <Page>
                  <TabletAccessPage />
                </Page>
              }
            />
            {/* A list of its own per route (key): switching lists never shows the other list's
                cards while the new one loads. */}
            <Route
              path="orders"
              element={
                <Page>
                  <OrderListPage key="current" list="current" />
                </Page>
              }
            />
            <Route
              path="orders/missed"
              element={
                <Page>
                  <OrderListPage key="missed" list="missed" />
                </Page>
              }
            />
            <Route
              path="orders/history"
              element={
                <Page>
                  <OrderListPage key="history" list="history" />
                </Page>
              }
            />
            <Route
              path="orders/:id"
              element={
                <Page>
                  <OrderDetailPage />
                </Page>
              }
            />
            <Route
              path="dashboard"
              element={
                <Page>
                  <DashboardPage />
                </Page>
              }
            />
            <Route
              path="board/:branchId"
              element={
                <Page>
                  <FrontdeskBoardPage />
                </Page>
              }
            />
            <Route path="*" element={<NotFound />} />
          </Route>
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
  const t = useT('bo-shell')
  return (
    <main id="main" className="bo-loading">
      <Spinner label={t('loading')} />
    </main>
  )
}

/** A page that crashed or whose chunk failed to load (after a deploy). */
class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children
  }
}
