// The read models: a library, not a process (docs/decisions/0009). One folder per read model
// holds its projection (what the projector runs) and its queries (what the API and the gateway
// read); it is the only code that touches its tables.

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
export {
  findPublicOrder,
  type PublicOrderRow,
} from './orders/order-public.ts'
export { ordersProjection } from './orders/orders.projection.ts'
export {
  checkpointId,
  type Feed,
  type LiveMessage,
  type Projection,
  type ProjectionContext,
} from './projection.ts'
export { resourceBranchDirectory } from './resources/branch-directory.ts'
export { statisticsProjection } from './statistics/statistics.projection.ts'
export { analyticsFeed, visitorsProjection } from './statistics/visitors.projection.ts'
export { findSession, findStaffSession } from './users/staff-sessions.ts'

import { ordersProjection } from './orders/orders.projection.ts'
import { statisticsProjection } from './statistics/statistics.projection.ts'
import { visitorsProjection } from './statistics/visitors.projection.ts'

/** Every read model, by name (`npm run projections:rebuild -- <name>`). */
export const allProjections = [ordersProjection, statisticsProjection, visitorsProjection] as const
