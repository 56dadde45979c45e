import { createHash } from 'node:crypto'
import { type Db, type Logger, SHOP_CONFIG_ID } from '@shop/kit'
import { findResources } from '@shop/read-models'
import type { OrderState } from '@shop/shared/domain/ordering'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { loadOrder } from '../commands/order-commands.ts'
import { PAGE } from '../web-page.ts'
import { PaymentProviderError } from './port.ts'
import {
  parseTestSessionId,
  TEST_ACTIONS,
  TEST_PROVIDER_ID,
  type TestAction,
  type TestProvider,
} from './test-provider.ts'

// The test provider's hosted payment page: what Stripe's or Mollie's page is for a real
// provider, inside the product, so the demo and the tests go through the whole flow.

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

export function formatAmount(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('de-CH', { style: 'currency', currency }).format(cents / 100)
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`
  }
}

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f4f6; color: #1d1d1f; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px;
         padding: 2rem; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  .amount { font-size: 2rem; font-weight: 600; margin: .5rem 0 1.5rem; }
  .note { color: #6e6e73; font-size: .875rem; }
  .testmode { background: #fff4ce; border: 1px solid #b58a00; border-radius: 8px; padding: .75rem;
              margin: 0 0 1rem; font-weight: 600; color: #5c4400; }
  form { margin: .5rem 0; }
  button { width: 100%; padding: .75rem; font-size: 1rem; border-radius: 8px; border: 1px solid #c7c7cc;
           background: #fff; cursor: pointer; }
  button.pay { background: #0a7d32; border-color: #0a7d32; color: #fff; font-weight: 600; }
  a { color: #0a58ca; }`

/** The page's one inline style, allowed by its hash rather than any inline style. */
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`
}

function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(page(title, body))
}

const notFound = (reply: FastifyReply) =>
  sendPage(
    reply,
    404,
    'Zahlung nicht gefunden',
    '<h1>Zahlung nicht gefunden</h1><p>Diese Zahlung gibt es nicht (mehr).</p>',
  )

type Shop = { name: string; branchIdentifier: string; currency: string }

async function shopOf(db: Db, state: OrderState): Promise<Shop> {
  const rows = await findResources(db, [
    { type: 'branch', id: state.branchId },
    { type: 'config', id: SHOP_CONFIG_ID },
  ])
  const branch = rows.find((r) => r.type === 'branch')?.data ?? {}
  const config = rows.find((r) => r.type === 'config')?.data ?? {}
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined)
  return {
    name: text(branch.name) ?? text(config.shopName) ?? 'Shop',
    branchIdentifier: text(branch.identifier) ?? state.branchId,
    currency: text(config.currency) ?? 'EUR',
  }
}

/** The order this test session belongs to, when the order carries exactly this session. */
async function sessionOrder(db: Db, sessionId: string): Promise<OrderState | undefined> {
  const parsed = parseTestSessionId(sessionId)
  if (!parsed) return undefined
  const { state } = await loadOrder(db, parsed.orderId)
  if (!state || state.payment?.provider !== TEST_PROVIDER_ID || state.payment.sessionId !== sessionId) {
    return undefined
  }
  return state
}

/** The storefront says the same at its payment section (its checkout catalogue's `payment.testMode`). */
export const TEST_MODE_NOTICE = 'Testmodus: Online-Zahlungen werden nur simuliert, es wird nichts belastet.'

/** GET /payments/test/:sessionId and POST /payments/test/:sessionId/(pay|fail|cancel). */
export async function testPaymentPages(
  app: FastifyInstance,
  deps: { db: Db; provider: TestProvider; log: Logger },
): Promise<void> {
  const { provider } = deps
  await app.register(async (scope) => {
    // The buttons post empty forms; nothing in a body matters here.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 }, (_req, _body, done) =>
      done(null, null),
    )

    scope.get<{ Params: { sessionId: string } }>('/payments/test/:sessionId', PAGE, async (req, reply) => {
      const state = await sessionOrder(deps.db, req.params.sessionId)
      if (!state) return notFound(reply)
      const shop = await shopOf(deps.db, state)
      const amount = formatAmount(state.pricing.totalGross, shop.currency)
      const head = `<h1>${escapeHtml(shop.name)}</h1>
<p>Bestellung vom ${escapeHtml(new Date(state.createdAt).toLocaleString('de-CH', { timeZone: 'Europe/Zurich' }))}</p>
<div class="amount">${escapeHtml(amount)}</div>`
      if (state.lifecycle.payment !== 'awaiting') {
        const paid = state.lifecycle.payment === 'paid' || state.lifecycle.payment === 'refunded'
        const back = paid ? provider.returnUrls.success(state) : provider.returnUrls.failure(shop)
        return sendPage(
          reply,
          200,
          'Zahlung abgeschlossen',
          `${head}<p>Diese Zahlung ist bereits abgeschlossen${paid ? ' (bezahlt)' : ''}.</p>
<p><a href="${escapeHtml(back)}">Zurück zum Shop</a></p>`,
        )
      }
      const action = (name: TestAction, label: string, cls = '') =>
        `<form method="post" action="/payments/test/${escapeHtml(req.params.sessionId)}/${name}">
<button type="submit"${cls ? ` class="${cls}"` : ''}>${label}</button></form>`
      return sendPage(
        reply,
        200,
        `Testzahlung – ${shop.name}`,
        `<p class="testmode" role="note">${TEST_MODE_NOTICE}</p>
${head}
${action('pay', 'Bezahlen', 'pay')}
${action('fail', 'Zahlung fehlschlagen lassen')}
${action('cancel', 'Abbrechen')}
<p class="note">Testzahlung: Dies ist der eingebaute Test-Zahlungsanbieter. Es wird kein Geld bewegt.</p>`,
      )
    })

    scope.post<{ Params: { sessionId: string; action: string } }>(
      '/payments/test/:sessionId/:action',
      PAGE,
      async (req, reply) => {
        const action = req.params.action as TestAction
        if (!Object.hasOwn(TEST_ACTIONS, action)) return notFound(reply)
        const state = await sessionOrder(deps.db, req.params.sessionId)
        if (!state) return notFound(reply)
        const shop = await shopOf(deps.db, state)
        const payment = state.lifecycle.payment
        if (payment !== 'awaiting') {
          // Already decided (a second click, the back button): send the customer on.
          const paid = payment === 'paid' || payment === 'refunded'
          return reply.redirect(
            paid ? provider.returnUrls.success(state) : provider.returnUrls.failure(shop),
            303,
          )
        }
        let outcome: string
        try {
          outcome = (await provider.complete(req.params.sessionId, action)).outcome
        } catch (err) {
          if (!(err instanceof PaymentProviderError)) throw err
          req.log.error({ err, sessionId: req.params.sessionId }, 'test payment could not be reported')
          return sendPage(
            reply,
            502,
            'Zahlung nicht übermittelt',
            '<h1>Zahlung nicht übermittelt</h1><p>Die Zahlungsbestätigung konnte dem Shop nicht zugestellt werden. Bitte versuchen Sie es erneut.</p>',
          )
        }
        return reply.redirect(
          outcome === 'paid' ? provider.returnUrls.success(state) : provider.returnUrls.failure(shop),
          303,
        )
      },
    )
  })
}
