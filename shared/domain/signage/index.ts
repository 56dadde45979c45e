export type { PickupEntry, PickupSource, PickupState } from './pickup.ts'
export { PICKUP_STATES, pickupColumns, pickupEntryOf, pickupStateOf } from './pickup.ts'
export type { SignageSchedule, SignageStreamItem } from './playlist.ts'
export { DEFAULT_SEGMENT_SECONDS, isScheduledAt, itemSeconds, nextItemIndex, playableAt } from './playlist.ts'
