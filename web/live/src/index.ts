export {
  HEARTBEAT_MS,
  HttpStatusError,
  type LiveRefusal,
  type LiveStatus,
  type LiveTransport,
  replaceBySnapshot,
  SILENCE_MS,
  type Versioned,
  watchBoard,
  watchOrder,
} from './live-subscription.ts'
