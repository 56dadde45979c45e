import { Spinner } from '@shop/ui'
import { BACKEND_BASE, paths } from '@shop/ui/routes'
import { Component, lazy, type ReactNode, Suspense } from 'react'
import { BrowserRouter, Navigate, Route, Routes } from 'react-router'
import { legacyHashPath } from '../lib/auth-model.ts'
import { useT } from '../lib/i18n.tsx'
import { LoginPage } from './login-page.tsx'
import { LogoutPage } from './logout-page.tsx'
import { NotFound, PageFailed, RequireAdmin } from './pages.tsx'
import { RequireSession, Shell } from './shell.tsx'

// The back-office's routes (docs/backoffice.md), under /backend. Every feature is its own chunk.
const FrontdeskKeyPage = lazy(() =>
  import('../features/frontdesk/frontdesk-page.tsx').then((m) => ({ default: m.FrontdeskKeyPage })),
)
const FrontdeskBoardPage = lazy(() =>
  import('../features/frontdesk/frontdesk-page.tsx').then((m) => ({ default: m.FrontdeskBoardPage })),
)
// The board's "Betrieb" (sold out, busy mode; issue 17): a feature of its own, put in here.
const BranchOpsBoardEntry = lazy(() =>
  import('../lib/branch-ops/index.ts').then((m) => ({ default: m.BranchOpsBoardEntry })),
)
// The time-tracking terminal (issue 20): one employee's access token and username, no login.
const TimeTerminalPage = lazy(() =>
  import('../features/time-terminal/time-terminal-page.tsx').then((m) => ({ default: m.TimeTerminalPage })),
)
// Digital signage (issue 21, admins): segments, streams and screens.
const SegmentListPage = lazy(() =>
  import('../features/signage/signage-pages.tsx').then((m) => ({ default: m.SegmentListPage })),
)
const SegmentEditorPage = lazy(() =>
  import('../features/signage/signage-pages.tsx').then((m) => ({ default: m.SegmentEditorPage })),
)
const StreamListPage = lazy(() =>
  import('../features/signage/signage-pages.tsx').then((m) => ({ default: m.StreamListPage })),
)
const StreamEditorPage = lazy(() =>
  import('../features/signage/signage-pages.tsx').then((m) => ({ default: m.StreamEditorPage })),
)
const ScreenListPage = lazy(() =>
  import('../features/signage/signage-pages.tsx').then((m) => ({ default: m.ScreenListPage })),
)
const ScreenEditorPage = lazy(() =>
  import('../features/signage/signage-pages.tsx').then((m) => ({ default: m.ScreenEditorPage })),
)
// A board tablet as a paired device (issue 21): pairs itself, then the board, no login.
const BoardDevicePage = lazy(() =>
  import('../features/frontdesk/board-device-page.tsx').then((m) => ({ default: m.BoardDevicePage })),
)
// The digital-signage player of a TV screen (issue 21): pairs itself, no login.
const SignagePlayerPage = lazy(() =>
  import('../features/signage/player-page.tsx').then((m) => ({ default: m.SignagePlayerPage })),
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
// Running the shop (issue 17, admins): a list and an editor per resource, each feature a chunk.
const ProductListPage = lazy(() =>
  import('../features/products/products-pages.tsx').then((m) => ({ default: m.ProductListPage })),
)
const ProductEditorPage = lazy(() =>
  import('../features/products/products-pages.tsx').then((m) => ({ default: m.ProductEditorPage })),
)
const CategoryListPage = lazy(() =>
  import('../features/categories/categories-pages.tsx').then((m) => ({ default: m.CategoryListPage })),
)
const CategoryEditorPage = lazy(() =>
  import('../features/categories/categories-pages.tsx').then((m) => ({ default: m.CategoryEditorPage })),
)
const MenuListPage = lazy(() =>
  import('../features/menus/menus-pages.tsx').then((m) => ({ default: m.MenuListPage })),
)
const MenuEditorPage = lazy(() =>
  import('../features/menus/menus-pages.tsx').then((m) => ({ default: m.MenuEditorPage })),
)
const BranchListPage = lazy(() =>
  import('../features/branches/branches-pages.tsx').then((m) => ({ default: m.BranchListPage })),
)
const BranchEditorPage = lazy(() =>
  import('../features/branches/branches-pages.tsx').then((m) => ({ default: m.BranchEditorPage })),
)
const UserListPage = lazy(() =>
  import('../features/users/users-pages.tsx').then((m) => ({ default: m.UserListPage })),
)
const UserEditorPage = lazy(() =>
  import('../features/users/users-pages.tsx').then((m) => ({ default: m.UserEditorPage })),
)
const SimpleListPage = lazy(() =>
  import('../features/basics/basics-pages.tsx').then((m) => ({ default: m.SimpleListPage })),
)
const SimpleEditorPage = lazy(() =>
  import('../features/basics/basics-pages.tsx').then((m) => ({ default: m.SimpleEditorPage })),
)
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
)
const TransferPage = lazy(() =>
  import('../features/transfer/transfer-page.tsx').then((m) => ({ default: m.TransferPage })),
)
const SiteListPage = lazy(() =>
  import('../features/sites/sites-pages.tsx').then((m) => ({ default: m.SiteListPage })),
)
const SiteEditorPage = lazy(() =>
  import('../features/sites/sites-pages.tsx').then((m) => ({ default: m.SiteEditorPage })),
)
const BlockListPage = lazy(() =>
  import('../features/blocks/blocks-pages.tsx').then((m) => ({ default: m.BlockListPage })),
)
const BlockEditorPage = lazy(() =>
  import('../features/blocks/blocks-pages.tsx').then((m) => ({ default: m.BlockEditorPage })),
)
const NavigationListPage = lazy(() =>
  import('../features/navigations/navigations-pages.tsx').then((m) => ({ default: m.NavigationListPage })),
)
const NavigationEditorPage = lazy(() =>
  import('../features/navigations/navigations-pages.tsx').then((m) => ({ default: m.NavigationEditorPage })),
)
const RedirectListPage = lazy(() =>
  import('../features/redirects/redirects-pages.tsx').then((m) => ({ default: m.RedirectListPage })),
)
const RedirectEditorPage = lazy(() =>
  import('../features/redirects/redirects-pages.tsx').then((m) => ({ default: m.RedirectEditorPage })),
)
const FontsPage = lazy(() =>
  import('../features/fonts/fonts-page.tsx').then((m) => ({ default: m.FontsPage })),
)
const TemplateListPage = lazy(() =>
  import('../features/image-templates/templates-pages.tsx').then((m) => ({ default: m.TemplateListPage })),
)
const TemplateEditorPage = lazy(() =>
  import('../features/image-templates/templates-pages.tsx').then((m) => ({ default: m.TemplateEditorPage })),
)
// The device registry (issue 21): printers, board tablets, signage screens; the pairing page.
const DeviceListPage = lazy(() =>
  import('../features/devices/devices-pages.tsx').then((m) => ({ default: m.DeviceListPage })),
)
const DeviceEditorPage = lazy(() =>
  import('../features/devices/devices-pages.tsx').then((m) => ({ default: m.DeviceEditorPage })),
)
const DevicePairPage = lazy(() =>
  import('../features/devices/pair-page.tsx').then((m) => ({ default: m.DevicePairPage })),
)
const MediaPage = lazy(() =>
  import('../features/media/media-page.tsx').then((m) => ({ default: m.MediaPage })),
)
const LogsPage = lazy(() => import('../features/logs/logs-page.tsx').then((m) => ({ default: m.LogsPage })))
// Staff time tracking (issue 20, admins): the week plan, the activities and their corrections,
// holiday balances, projects and tasks; one chunk per screen.
const WeekPlanPage = lazy(() =>
  import('../features/time-tracking/week-plan-page.tsx').then((m) => ({ default: m.WeekPlanPage })),
)
const ActivitiesPage = lazy(() =>
  import('../features/time-tracking/activities-page.tsx').then((m) => ({ default: m.ActivitiesPage })),
)
const HolidayBalancesPage = lazy(() =>
  import('../features/time-tracking/holiday-balances-page.tsx').then((m) => ({
    default: m.HolidayBalancesPage,
  })),
)
const TimeSheetsPage = lazy(() =>
  import('../features/time-sheets/time-sheets-page.tsx').then((m) => ({ default: m.TimeSheetsPage })),
)
const ProjectListPage = lazy(() =>
  import('../features/time-tracking/projects-pages.tsx').then((m) => ({ default: m.ProjectListPage })),
)
const ProjectEditorPage = lazy(() =>
  import('../features/time-tracking/projects-pages.tsx').then((m) => ({ default: m.ProjectEditorPage })),
)
// A resource's history (lib/history): handed to the pages that show it, since a feature
// imports no other feature; its own chunk, loaded when a page first shows it.
const HistoryPanel = lazy(() =>
  import('../lib/history/history-panel.tsx').then((m) => ({ default: m.HistoryPanel })),
)

/** A list and its editor (`products`, `products/new`, `products/:id`), admins only. */
function resourceRoutes(path: string, list: ReactNode, editor: ReactNode) {
  return [
    <Route key={path} path={path} element={<AdminPage>{list}</AdminPage>} />,
    <Route key={`${path}/new`} path={`${path}/new`} element={<AdminPage>{editor}</AdminPage>} />,
    <Route key={`${path}/:id`} path={`${path}/:id`} element={<AdminPage>{editor}</AdminPage>} />,
  ]
}

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
              <FrontdeskKeyPage operations={BranchOpsBoardEntry} />
            </Page>
          }
        />
        {/* A board tablet paired as a device: its own revocable credential, no login. */}
        <Route
          path="board-device"
          element={
            <Page>
              <BoardDevicePage operations={BranchOpsBoardEntry} />
            </Page>
          }
        />
        {/* The time-tracking terminal at the door: the employee's access token, no login. */}
        <Route
          path="time-tracking/:token/:username"
          element={
            <Page>
              <TimeTerminalPage />
            </Page>
          }
        />
        {/* A TV screen's digital-signage player: its device credential, no login. */}
        <Route
          path="signage"
          element={
            <Page>
              <SignagePlayerPage />
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
                  <FrontdeskBoardPage operations={BranchOpsBoardEntry} />
                </Page>
              }
            />
            {resourceRoutes('products', <ProductListPage />, <ProductEditorPage />)}
            {resourceRoutes('categories', <CategoryListPage />, <CategoryEditorPage />)}
            {resourceRoutes('menus', <MenuListPage />, <MenuEditorPage />)}
            {resourceRoutes('branches', <BranchListPage />, <BranchEditorPage />)}
            {resourceRoutes('users', <UserListPage />, <UserEditorPage />)}
            {resourceRoutes('tags', <SimpleListPage kind="tags" />, <SimpleEditorPage kind="tags" />)}
            {resourceRoutes(
              'divisions',
              <SimpleListPage kind="divisions" />,
              <SimpleEditorPage kind="divisions" />,
            )}
            {resourceRoutes(
              'donatees',
              <SimpleListPage kind="donatees" />,
              <SimpleEditorPage kind="donatees" />,
            )}
            {resourceRoutes('sites', <SiteListPage />, <SiteEditorPage />)}
            {resourceRoutes('redirects', <RedirectListPage />, <RedirectEditorPage />)}
            {resourceRoutes('navigations', <NavigationListPage />, <NavigationEditorPage />)}
            {resourceRoutes('blocks', <BlockListPage />, <BlockEditorPage />)}
            <Route path="devices/pair" element={<AdminPage>{<DevicePairPage />}</AdminPage>} />
            {resourceRoutes('devices', <DeviceListPage />, <DeviceEditorPage />)}
            <Route path="settings" element={<AdminPage>{<SettingsPage />}</AdminPage>} />
            <Route path="fonts" element={<AdminPage>{<FontsPage />}</AdminPage>} />
            {resourceRoutes('image-templates', <TemplateListPage />, <TemplateEditorPage />)}
            <Route path="import-export" element={<AdminPage>{<TransferPage />}</AdminPage>} />
            <Route
              path="media"
              element={<AdminPage>{<MediaPage HistoryPanel={HistoryPanel} />}</AdminPage>}
            />
            <Route path="logs" element={<AdminPage>{<LogsPage HistoryPanel={HistoryPanel} />}</AdminPage>} />
            <Route path="working-schedules" element={<AdminPage>{<WeekPlanPage />}</AdminPage>} />
            <Route path="working-activities" element={<AdminPage>{<ActivitiesPage />}</AdminPage>} />
            <Route path="holiday-balances" element={<AdminPage>{<HolidayBalancesPage />}</AdminPage>} />
            <Route
              path="time-sheets"
              element={
                <Page>
                  <TimeSheetsPage />
                </Page>
              }
            />
            {resourceRoutes('projects', <ProjectListPage />, <ProjectEditorPage />)}
            {resourceRoutes('digital-signage-segments', <SegmentListPage />, <SegmentEditorPage />)}
            {resourceRoutes('digital-signage-streams', <StreamListPage />, <StreamEditorPage />)}
            {resourceRoutes('digital-signage-devices', <ScreenListPage />, <ScreenEditorPage />)}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  )
}

/** A page for admins (spec §6): an employee who follows a link sees that it is not theirs. */
function AdminPage({ children }: { children: ReactNode }) {
  return (
    <Page>
      <RequireAdmin>{children}</RequireAdmin>
    </Page>
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
