import { MemoryBus, migrateToLatest } from '@shop/kit'
import { seedHistoryInto } from '../services/all-in-one/src/demo/history.ts'
import { seedDemo } from '../services/all-in-one/src/demo/seed-demo.ts'
import { openShopDatabase } from './db.ts'

// npm run seed [-- --history 90d]
// Loads the demo business (three branches, catalogue, menus, content, demo users and orders)
// into the shop's database: DATABASE_URL, else the embedded PGlite in DATA_DIR. Only into an
// empty shop (users made with `npm run user:create` do not count); otherwise it says so and
// changes nothing. Migrates first, so it works on a fresh DATA_DIR too.
// --history <N>d also generates N days of order history before today through the real command
// path (docs/statistics.md); on a shop that has its catalogue already, only the history, once.
const arg = process.argv.indexOf('--history')
const spec = arg >= 0 ? process.argv[arg + 1] : undefined
const historyDays = spec === undefined ? 0 : Number(/^(\d+)d?$/.exec(spec)?.[1] ?? Number.NaN)
if (!Number.isInteger(historyDays) || historyDays < 0 || historyDays > 3660) {
  process.stderr.write(`--history wants a number of days such as 90d, not "${spec}"\n`)
  process.exit(2)
}
const db = await openShopDatabase()
try {
  await migrateToLatest(db.db as never)
  // Nothing listens in this process: a running shop's publisher and projectors pick the events
  // up from the event store.
  const started = Date.now()
  const result = await seedDemo({ db: db.db, bus: new MemoryBus(), historyDays })
  if (!result.seeded && historyDays > 0) {
    const history = await seedHistoryInto(
      { db: db.db, bus: new MemoryBus() },
      { days: historyDays, now: new Date() },
    )
    process.stdout.write(
      history.seeded
        ? `history of ${historyDays} days loaded: ${history.orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s\n`
        : `history not loaded: ${history.reason}; nothing changed\n`,
    )
  } else if (!result.seeded) {
    process.stdout.write(`demo data not loaded: ${result.reason}; nothing changed\n`)
  } else {
    const counts = Object.entries(result.counts)
      .map(([type, n]) => `${n} ${type}`)
      .join(', ')
    const lines = [
      `demo data loaded into ${db.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'}: ${counts}, ${result.orders} orders`,
      ...result.branches.map(
        (b) =>
          `  branch ${b.identifier} (${b.name}): id ${b.id}, frontdesk board /api/orders/frontdesk/${b.id}/${b.apiKey}`,
      ),
      result.usersCreated.length > 0 ? `  users created: ${result.usersCreated.join(', ')}` : '',
      result.usersSkipped.length > 0
        ? `  users kept (username already taken): ${result.usersSkipped.join(', ')}`
        : '',
    ]
    process.stdout.write(`${lines.filter((l) => l !== '').join('\n')}\n`)
  }
} finally {
  await db.close()
}
