// The notifications read model (docs/notifications.md): the notification jobs (the notifier's
// outbox and each order's notification log), the projection that makes them from order events,
// the messages they stand for, and the staff resend. The notifier runs the projection and sends;
// the API reads an order's jobs and adds resends. Imported as `@shop/read-models/notifications`
// (only the processes that need it load the templates).

export {
  atVersion,
  batchContexts,
  type ContextDeps,
  contextOf,
  currentOrder,
  DEFAULT_TIME_ZONE,
  orderStateAfterEvent,
  orderStatesAfter,
  orderStatesAt,
  pickLocale,
  productIdsOf,
  renderContext,
} from './context.ts'
export {
  type Audience,
  type Channel,
  claimDueJobs,
  findJobBySource,
  insertJobs,
  type Job,
  type JobSpec,
  type JobStatus,
  type JobView,
  jobKey,
  jobView,
  listOrderJobs,
  type Message,
  markAttemptFailed,
  markSentMany,
  msUntilNextDue,
  NOTIFICATION_KINDS,
  type NotificationKind,
  releaseClaims,
  renewClaim,
} from './jobs.ts'
export { notificationsEnqueued } from './metrics.ts'
export {
  DEFAULT_CHECKPOINT,
  type NotificationsProjectionOptions,
  notificationsProjection,
} from './notifications.projection.ts'
export { jobFor, KIND_OF_EVENT, notificationKindOf, renderMessage, type Target, targetsFor } from './plan.ts'
export {
  type BranchInfo,
  formatDateTime,
  type RenderContext,
  renderMail,
  renderSms,
  type ShopInfo,
  statusUrlOf,
} from './render.ts'
export { enqueueResend, type ResendResult } from './resend.ts'
