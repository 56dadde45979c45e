// No zod here: browser code that only needs the constants imports this file alone.

export const WS_PATH = '/ws'
/** Clients that cannot hold a socket poll the HTTP read model this often (spec §9). */
export const STATUS_POLL_INTERVAL_MS = 10_000
