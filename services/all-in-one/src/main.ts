import { createLogger, loadConfig, onShutdown } from '@shop/kit'
import { startShop } from './embedded.ts'

const log = createLogger('shop')
const config = loadConfig()
const shop = await startShop(config, log)
onShutdown(log, [() => shop.close()])

const base = shop.url.replace('0.0.0.0', '127.0.0.1')
const branch = config.branches[0]
const mode = config.databaseUrl ? 'PostgreSQL + NATS' : `embedded (PGlite in ${config.dataDir})`
process.stdout.write(
  [
    '',
    `  Shop running at ${base}  [${mode}]`,
    branch ? `  Frontdesk orders: ${base}/api/orders/frontdesk/${branch.id}/${branch.apiKey}` : '',
    '  Watch an order move: npm run demo:lifecycle',
    `  Health: ${base}/healthz  Metrics: ${base}/metrics`,
    '',
  ].join('\n'),
)
