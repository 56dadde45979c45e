// No zod here: the storefront imports this file alone (@shop/shared/contracts/http/consent.ts).

/** The cookie the storefront sets when the visitor consents (spec §4: 365 days). */
export const CONSENT_COOKIE = 'asp-cookie-consent'
export const CONSENT_GIVEN = 'given'
export const CONSENT_DAYS = 365
