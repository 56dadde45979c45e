import { startShop } from '@shop/all-in-one'
import { createLogger, loadConfig, onShutdown } from '@shop/kit'

// The shop of the storefront benches as its own process (started by storefront-stage.ts): the
// all-in-one shop (API, publisher, projectors, gateway; no notifier) serving the built
// storefront, with its clock pinned to BENCH_AT and running on from there, as the e2e stage's.
// The database is seeded before this process starts.

const at = process.env.BENCH_AT
const offset = at ? Date.parse(at) - Date.now() : 0
const now = () => new Date(Date.now() + offset)
const config = loadConfig()
const log = createLogger('bench-shop', config.logLevel)
const shop = await startShop(config, log, {
  demo: false,
  now,
  notifier: false,
  payments: { testProvider: true },
})
onShutdown(log, [() => shop.close()])
