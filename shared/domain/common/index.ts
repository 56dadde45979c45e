export type { Decimal } from './decimal.ts'
export {
  addDecimal,
  compareDecimal,
  DECIMAL_ZERO,
  decimalOf,
  decimalToNumber,
  decimalToString,
  divideDecimal,
  divideRoundHalfAwayFromZero,
  multiplyDecimal,
  parseDecimal,
  roundDecimal,
  subtractDecimal,
} from './decimal.ts'
export type { Cents, GrossSplit, MoneyFormat, MoneyLocale } from './money.ts'
export {
  addCents,
  assertCents,
  centsToDecimalString,
  DEFAULT_CURRENCY,
  DEFAULT_MONEY_LOCALE,
  formatMoney,
  isCents,
  MONEY_LOCALES,
  multiplyCents,
  parseMoney,
  percentOf,
  splitGross,
  sumCents,
  toCents,
} from './money.ts'
export type { NormalisedPhone, PhoneCountry } from './phone.ts'
export {
  DEFAULT_PHONE_COUNTRY,
  isPhoneCountry,
  normalisePhone,
  PHONE_COUNTRIES,
  PHONE_EXAMPLES,
  phoneCountryOf,
} from './phone.ts'
export * from './vocabulary.ts'
