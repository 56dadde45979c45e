export { type AnalyticsPruning, startAnalyticsPruning } from './analytics-pruning.ts'
export {
  checkpointId,
  type Feed,
  type LiveMessage,
  type Projection,
  type ProjectionContext,
} from './projection.ts'
export {
  type BoardRow,
  boardView,
  listBoard,
  listBranchOrders,
  listOrders,
  type OrderListFilter,
} from './projections/frontdesk-board.ts'
export {
  boardRoomUpdate,
  type LiveOrderRow,
  orderRoomUpdate,
  readLiveOrderRows,
} from './projections/live-rows.ts'
export {
  findPublicOrder,
  type PublicOrderRow,
} from './projections/order-public.ts'
export { ordersProjection } from './projections/orders.projection.ts'
export { statisticsProjection } from './projections/statistics.projection.ts'
export { analyticsFeed, visitorsProjection } from './projections/visitors.projection.ts'
export {
  ensureProjectionVersion,
  type Projector,
  type ProjectorOptions,
  projectionsBehind,
  rebuildProjection,
  runProjectionBatch,
  startProjector,
} from './projector.ts'

import { ordersProjection } from './projections/orders.projection.ts'
import { statisticsProjection } from './projections/statistics.projection.ts'
import { visitorsProjection } from './projections/visitors.projection.ts'

/** Every read model, by name (`npm run projections:rebuild -- <name>`). */
export const allProjections = [ordersProjection, statisticsProjection, visitorsProjection] as const
