/**
 * What `npm start` prints once the shop is up: where the storefront, the kiosk and the counter
 * board are, and, while the built-in test payments are on, that online payments take no money.
 * The board link opens the back-office's board page for the tablet (`/backend/frontdesk/{branch
 * id}/{api key}`), not the API's JSON list of the same orders.
 */
export function startupBanner(opts: {
  base: string
  mode: string
  branch: { id: string; name: string; apiKey: string } | undefined
  testPaymentsWarning: string | null
}): string {
  const { base, mode, branch } = opts
  return [
    '',
    `  Shop running at ${base}  [${mode}]`,
    `  Storefront: ${base}/   Kiosk: ${base}/kiosk/<branch identifier>`,
    branch ? `  Frontdesk board (${branch.name}): ${boardUrl(base, branch)}` : '',
    '  Watch an order move: npm run demo:lifecycle',
    `  Health: ${base}/healthz  Metrics: ${base}/metrics`,
    // Said where everyone looks: "online" payments here take no money (docs/payments.md).
    ...(opts.testPaymentsWarning ? ['', `  !! ${opts.testPaymentsWarning}`] : []),
    '',
  ].join('\n')
}

/** The counter tablet's board of a branch (the back-office route `paths.backend.frontdeskKey`). */
export function boardUrl(base: string, branch: { id: string; apiKey: string }): string {
  return `${base}/backend/frontdesk/${encodeURIComponent(branch.id)}/${encodeURIComponent(branch.apiKey)}`
}
