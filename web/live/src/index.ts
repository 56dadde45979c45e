export {
  type LiveStatus,
  type LiveTransport,
  type Versioned,
  watchBoard,
  watchOrder,
} from './live-subscription.ts'
