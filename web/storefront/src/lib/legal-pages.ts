/**
 * Spec §2 route table: the legal pages at /site/{slug}. Each shows the configuration's text
 * (`<key>Text`) when one is set; the footer links to it then, else to the URL in `<key>`.
 */
export const LEGAL_PAGES = [
  { key: 'termsAndConditions', slug: 'terms-and-conditions' },
  { key: 'privacyPolicy', slug: 'privacy' },
  { key: 'imprint', slug: 'imprint' },
  { key: 'allergens', slug: 'allergens' },
] as const

export type LegalKey = (typeof LEGAL_PAGES)[number]['key']

/** The configured text of a legal page, trimmed; '' when there is none. */
export function legalPageText(config: Record<string, unknown>, key: LegalKey): string {
  const raw = config[`${key}Text`]
  return typeof raw === 'string' ? raw.trim() : ''
}
