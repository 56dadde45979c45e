import { CONSENT_COOKIE, CONSENT_DAYS, CONSENT_GIVEN } from '@shop/shared/contracts/http/consent.ts'
import { useSyncExternalStore } from 'react'
import { readCookie, writeCookie } from './cookies.ts'

/**
 * Cookie consent (spec §4, §9): given or not given, in a cookie for 365 days. Analytics and
 * third-party scripts (the map) wait for it.
 */
export type ConsentState = 'given' | 'declined' | 'unknown'
const DECLINED = 'declined'
const listeners = new Set<() => void>()

export function consentState(): ConsentState {
  const value = readCookie(CONSENT_COOKIE)
  if (value === CONSENT_GIVEN) return 'given'
  if (value === DECLINED) return 'declined'
  return 'unknown'
}

export function hasConsent(): boolean {
  return consentState() === 'given'
}

export function setConsent(given: boolean): void {
  writeCookie(CONSENT_COOKIE, given ? CONSENT_GIVEN : DECLINED, CONSENT_DAYS)
  for (const listener of listeners) listener()
}

export function useConsent(): ConsentState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    consentState,
    () => 'unknown' as const,
  )
}
