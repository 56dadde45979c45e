import type { PaymentSettings } from '@shop/kit'
import type { Payments } from './port.ts'

/**
 * Whether this process offers online payments through the built-in test provider, which takes
 * "payments" that move no money (docs/payments.md "Test mode"):
 *
 * - `PAYMENTS_TEST_PROVIDER=1` (or `true`) turns it on anywhere, `0` (or `false`) off anywhere;
 * - unset, only the embedded demo (`npm start` on PGlite) has it, and not with
 *   `NODE_ENV=production`: a shop run for real never takes pretend payments unasked. The
 *   distributed API and an all-in-one on `DATABASE_URL` never have it unasked.
 */
export function testPaymentsOn(
  opts: { embedded: boolean } & (
    | { settings: Pick<PaymentSettings, 'testProvider' | 'production'> }
    | { env: Record<string, string | undefined> }
  ),
): boolean {
  const { testProvider, production } = 'settings' in opts ? opts.settings : fromEnv(opts.env)
  if (testProvider !== undefined) return testProvider
  return opts.embedded && !production
}

/** The rule's inputs from an environment object (an unknown flag counts as unset). */
function fromEnv(
  env: Record<string, string | undefined>,
): Pick<PaymentSettings, 'testProvider' | 'production'> {
  const flag = env.PAYMENTS_TEST_PROVIDER?.trim().toLowerCase()
  const testProvider =
    flag === '1' || flag === 'true' ? true : flag === '0' || flag === 'false' ? false : undefined
  return { testProvider, production: env.NODE_ENV === 'production' }
}

/** What clients learn about payments (GET /api/payments and the /api/init entry of that URL). */
export type PaymentsInfo = {
  /** The online methods this process can take. */
  onlineMethods: string[]
  /** Online payments go to the built-in test provider: nothing is charged. */
  testMode: boolean
}

export function paymentsInfo(payments: Payments | undefined): PaymentsInfo {
  return {
    onlineMethods: payments?.onlineMethods() ?? [],
    testMode: payments?.testProvider !== undefined,
  }
}

/** The start banner's and the log's warning while the test provider is on. */
export const TEST_PAYMENTS_WARNING =
  'Testmodus: Online-Zahlungen werden nur simuliert, es wird nichts belastet (eingebauter Test-Zahlungsanbieter; PAYMENTS_TEST_PROVIDER=0 schaltet ihn aus).'
