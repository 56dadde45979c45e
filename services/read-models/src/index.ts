// The read models: a library, not a process (docs/decisions/0008). One folder per read model
// holds its projection (what the projector runs) and its queries (what the API and the gateway
// read); it is the only code that touches its tables.

export {
  checkpointId,
  type Feed,
  type LiveMessage,
  type Projection,
  type ProjectionContext,
} from '@shop/kit'
export {
  allBranchOperations,
  applyBranchOperationsEvents,
  type BranchOperationsRow,
  findBranchOperations,
  lockBranchOperations,
} from './branch-operations/branch-operations.ts'
export {
  claimPairingCredential,
  credentialHash,
  type DeviceConfig,
  type DevicePairing,
  type DeviceStatusRow,
  deviceConfigOf,
  deviceStatusRows,
  dropUnclaimedPairingCredentials,
  findDevice,
  findDeviceLogs,
  findDevicePairing,
  isDevicePaired,
  listDevices,
  listPrintJobs,
  markDeviceError,
  markDeviceLogsRequested,
  markDeviceSeen,
  newCredential,
  pairDevice,
  retryPrintJob,
  revokeDeviceCredential,
  type StartedPairing,
  type StoredDeviceLogs,
  startDevicePairing,
  storeDeviceCredential,
  storeDeviceLogs,
  verifyDeviceCredential,
} from './devices/index.ts'
export {
  type BoardRow,
  boardView,
  listBoard,
  listBranchOrders,
  listOrders,
  type OrderListFilter,
} from './orders/frontdesk-board.ts'
export {
  boardRoomUpdate,
  type LiveOrderRow,
  orderRoomUpdate,
  readLiveOrderRows,
} from './orders/live-rows.ts'
export { branchHasOrders, type Contact, openOrdersOf, ticketNumberOf } from './orders/order-lookups.ts'
export {
  findPublicOrder,
  type PublicOrderRow,
} from './orders/order-public.ts'
export { ordersProjection } from './orders/orders.projection.ts'
export {
  isUploadUsed,
  ordersUsingUploads,
  type UploadOrderUse,
  unusedCustomerUploads,
  uploadsOfBranches,
} from './orders/upload-uses.ts'
export { resourceBranchDirectory } from './resources/branch-directory.ts'
export {
  catalogueRows,
  findProductByIdOrUid,
  itemChangeRows,
  productsByUid,
  uploadsSince,
} from './resources/catalogue.ts'
export {
  identifierOf,
  lockIdentifierWrites,
  resourceWithIdentifier,
} from './resources/content-identifiers.ts'
export { type FileUse, resourcesUsingFile, resourcesUsingFiles } from './resources/media-usage.ts'
export {
  branchWithIdentifier,
  lockRedirectWrites,
  MAX_REDIRECT_HOPS,
  type RedirectHop,
  redirectChain,
  redirectWithPath,
  siteAtPath,
} from './resources/redirects.ts'
export {
  branchesWithTag,
  lockExistingResources,
  menusNamingBranch,
  menusNamingCategory,
  menusNamingProduct,
  resourcesOfBranch,
} from './resources/references.ts'
export {
  type ResourceLogEntry,
  type ResourceLogFilter,
  resourceLog,
  resourceLogEntry,
} from './resources/resource-log.ts'
export {
  deleteResourceRow,
  insertResourceRow,
  lockResourceRow,
  lockResourceVersion,
  uniqueResourceField,
  updateResourceRow,
} from './resources/resource-writes.ts'
export {
  findResource,
  findResources,
  listResources,
  listResourcesOfTypes,
  menusOfBranch,
  type ResourceDataRow,
  type ResourceKey,
  type ResourceRow,
  resourcesById,
} from './resources/resources.ts'
export { publicSitemap, type SeoPage, type SitemapData, seoPageAt } from './resources/seo.ts'
export { mapStyleUrl, redirectFor, shopConfig } from './resources/site.ts'
export { findUserByUsername, findUserLogin, type UserRow } from './resources/users.ts'
export {
  devicesPlaying,
  devicesShowingMenus,
  pickupEntries,
  signageImageUrl,
  signagePlaylist,
  signageScreenOfDevice,
} from './signage/index.ts'
export { statisticsProjection } from './statistics/statistics.projection.ts'
export {
  canceledOrdersStatistics,
  EXACT_VISITOR_DAYS,
  eventsStatistics,
  itemStatistics,
  ordersStatistics,
  orderTimesStatistics,
  pagesStatistics,
  pageViewsStatistics,
  popularItemsStatistics,
  revenueStatistics,
  type Scope,
  uniqueVisitorsStatistics,
  visitorTimesStatistics,
} from './statistics/statistics-queries.ts'
export { analyticsFeed, visitorsProjection } from './statistics/visitors.projection.ts'
export {
  type PlanContext,
  planContext,
  plannedRows,
  userProfileStatistics,
  userProfileWorkingActivities,
  type WorkingScope,
  workedRows,
  workingActivitiesStatistics,
  workingSchedulesStatistics,
} from './time-tracking/time-statistics.queries.ts'
export { timeTrackingProjection } from './time-tracking/time-tracking.projection.ts'
export {
  findWorkingActivity,
  listWorkingActivities,
  type UserWorkingDay,
  userWorkingDays,
  type WorkingTimeFilter,
  workingActivityOwner,
} from './time-tracking/time-tracking.queries.ts'
export { findSession, findStaffSession } from './users/staff-sessions.ts'

import { ordersProjection } from './orders/orders.projection.ts'
import { statisticsProjection } from './statistics/statistics.projection.ts'
import { visitorsProjection } from './statistics/visitors.projection.ts'
import { timeTrackingProjection } from './time-tracking/time-tracking.projection.ts'

/** Every read model, by name (`npm run projections:rebuild -- <name>`). */
export const allProjections = [
  ordersProjection,
  statisticsProjection,
  visitorsProjection,
  timeTrackingProjection,
] as const
