export { checkpointId, type LiveMessage, type Projection, type ProjectionContext } from './projection.ts'
export {
  type BoardRow,
  frontdeskBoardProjection,
  listBoard,
  listBranchOrders,
  listOrders,
  type OrderListFilter,
} from './projections/frontdesk-board.projection.ts'
export {
  findPublicOrder,
  orderPublicProjection,
  type PublicOrderRow,
} from './projections/order-public.projection.ts'
export {
  type Projector,
  type ProjectorOptions,
  rebuildProjection,
  runProjectionBatch,
  startProjector,
} from './projector.ts'

import { frontdeskBoardProjection } from './projections/frontdesk-board.projection.ts'
import { orderPublicProjection } from './projections/order-public.projection.ts'

/** Every read model, by name (`npm run projections:rebuild -- <name>`). */
export const allProjections = [orderPublicProjection, frontdeskBoardProjection] as const
