// Phone numbers as the shop stores them: E.164 ('+41791234567'). Customers type them the way
// they say them at home ('079 123 45 67'), so a national number is read in the branch's country:
// the four countries of the checkout (spec §5: DE, LI, AT, CH) and nothing more. A whole
// numbering-plan library would cost the checkout chunk far more than these few rules.

/**
 * The checkout's countries (spec §5: DE, LI, AT, CH, in that order), the ones a national number
 * can be read in. The order contract, the settings and the checkout's country select use this list.
 */
export const PHONE_COUNTRIES = ['DE', 'LI', 'AT', 'CH'] as const
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number]

/** Where nothing else says (spec §3/§9: the default country is AT). */
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'AT'

type Plan = {
  /** Country calling code without '+'. */
  code: string
  /** National numbers start with the trunk prefix '0' (Liechtenstein has none). */
  trunk: boolean
  /** Digits of the national significant number (after the trunk prefix). */
  min: number
  max: number
}

/**
 * Switzerland: 9 digits after the 0 (044 123 45 67, 079 123 45 67). Liechtenstein: 7 digits,
 * no trunk prefix (234 56 78). Austria and Germany have open numbering plans: 4 to 13 digits
 * after the 0 (E.164 allows 15 with the country code).
 */
const PLANS: Readonly<Record<PhoneCountry, Plan>> = {
  CH: { code: '41', trunk: true, min: 9, max: 9 },
  LI: { code: '423', trunk: false, min: 7, max: 7 },
  AT: { code: '43', trunk: true, min: 4, max: 13 },
  DE: { code: '49', trunk: true, min: 4, max: 13 },
}

/** The example of the format hint ('Bitte geben Sie eine gültige Nummer im Format {phone} an.'). */
export const PHONE_EXAMPLES: Readonly<Record<PhoneCountry, string>> = {
  CH: '+41 44 123 45 67',
  LI: '+423 234 56 78',
  AT: '+43 1 234 56 78',
  DE: '+49 30 1234567',
}

export function isPhoneCountry(value: unknown): value is PhoneCountry {
  return (PHONE_COUNTRIES as readonly unknown[]).includes(value)
}

/**
 * The country a branch reads national numbers in: its own `country`, else the shop's
 * `defaultCountry` (config), else AT.
 */
export function phoneCountryOf(branchCountry: unknown, defaultCountry?: unknown): PhoneCountry {
  if (isPhoneCountry(branchCountry)) return branchCountry
  if (isPhoneCountry(defaultCountry)) return defaultCountry
  return DEFAULT_PHONE_COUNTRY
}

export type NormalisedPhone = { ok: true; phone: string } | { ok: false; phone: string }

/**
 * Spec §5 phone rule, extended by national numbers: only digits and plus are kept and a leading
 * 00 becomes +. A number starting with + is international: 6 to 15 digits (E.164; the SMS
 * gateway judges the rest), a trunk 0 written after the code of one of the four countries
 * ('+41 (0)79 …') dropped. Without +, the number is read in `country` (when given): its trunk
 * 0 gives way to the country code. Anything else is not ok, and `phone` is what was kept.
 */
export function normalisePhone(raw: string, country?: PhoneCountry | null): NormalisedPhone {
  let phone = raw.replace(/[^0-9+]/g, '')
  if (phone.startsWith('00')) phone = `+${phone.slice(2)}`
  if (phone.startsWith('+')) return international(phone)
  if (!country || !/^[0-9]+$/.test(phone)) return { ok: false, phone }
  const plan = PLANS[country]
  let national: string
  if (plan.trunk) {
    if (!/^0[1-9]/.test(phone)) return { ok: false, phone }
    national = phone.slice(1)
  } else {
    if (phone.startsWith('0')) return { ok: false, phone }
    national = phone
  }
  if (national.length < plan.min || national.length > plan.max) return { ok: false, phone }
  return { ok: true, phone: `+${plan.code}${national}` }
}

function international(phone: string): NormalisedPhone {
  // No country calling code starts with 0.
  if (!/^\+[1-9][0-9]*$/.test(phone)) return { ok: false, phone }
  // '+41 (0)79 …': the trunk 0 some write after the code is no part of the number.
  const plan = Object.values(PLANS).find((p) => p.trunk && phone.startsWith(`+${p.code}0`))
  const normal = plan === undefined ? phone : `+${plan.code}${phone.slice(plan.code.length + 2)}`
  const digits = normal.length - 1
  const ok = digits >= 6 && digits <= 15 && !(plan !== undefined && normal.startsWith(`+${plan.code}0`))
  return ok ? { ok: true, phone: normal } : { ok: false, phone: normal }
}
