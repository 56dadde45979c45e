export {
  HEARTBEAT_MS,
  HttpStatusError,
  type LiveRefusal,
  type LiveStatus,
  type LiveTransport,
  RECONNECT_DELAYS_MS,
  replaceBySnapshot,
  SILENCE_MS,
  type Versioned,
  watchBoard,
  watchOrder,
} from './live-subscription.ts'
