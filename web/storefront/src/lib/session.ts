/**
 * Session storage under keys prefixed `asp` (spec §9): the cart per branch and the kiosk's
 * order data live here, so they end with the tab. Broken storage (private modes) never breaks
 * the shop: reads fall back, writes are dropped.
 */
export const STORAGE_PREFIX = 'asp'

export function sessionKey(...parts: string[]): string {
  return [STORAGE_PREFIX, ...parts].join('-')
}

export function readSession<T>(key: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(key)
    return raw === null ? undefined : (JSON.parse(raw) as T)
  } catch {
    return undefined
  }
}

export function writeSession(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value))
  } catch {
    // full or blocked: the value lives in memory for this page
  }
}

export function removeSession(key: string): void {
  try {
    sessionStorage.removeItem(key)
  } catch {
    // blocked
  }
}

/** Every `asp` entry: the kiosk resets the stored order data after each order. */
export function clearSessionData(): void {
  try {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith(`${STORAGE_PREFIX}-`)) sessionStorage.removeItem(key)
    }
  } catch {
    // blocked
  }
}
