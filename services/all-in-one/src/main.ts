import { TEST_PAYMENTS_WARNING } from '@shop/api/payments'
import { createLogger, favourEventLoop, loadConfigOrExit, onShutdown } from '@shop/kit'
import { startupBanner } from './banner.ts'
import { firstCatalogueBranch } from './demo/seed-demo.ts'
import { startShop } from './embedded.ts'

// The environment, read once and checked (docs/configuration.md): a wrong variable is named on
// standard error and the process exits 2. With none set, the embedded demo starts.
const config = loadConfigOrExit()
const log = createLogger('shop', config.logLevel)
// Requests first: the process's helper threads yield the cores to its event loop.
favourEventLoop(config.threadPriority)
const shop = await startShop(config, log)
onShutdown(log, [() => shop.close()])

const base = shop.url.replace('0.0.0.0', '127.0.0.1')
// The board of the catalogue's first branch (the demo's Zürich branch), else the configured one.
const branch = (await firstCatalogueBranch(shop.db.db)) ?? config.branches[0]
const mode = config.databaseUrl ? 'PostgreSQL + NATS' : `embedded (PGlite in ${config.dataDir})`
process.stdout.write(
  startupBanner({
    base,
    mode,
    branch,
    testPaymentsWarning: shop.testPayments ? TEST_PAYMENTS_WARNING : null,
  }),
)
