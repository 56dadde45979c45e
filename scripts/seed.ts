import { MemoryBus, migrateToLatest } from '@shop/kit'
import { seedDemo } from '../services/all-in-one/src/demo/seed-demo.ts'
import { openShopDatabase } from './db.ts'

// npm run seed
// Loads the demo business (three branches, catalogue, menus, content, demo users and orders)
// into the shop's database: DATABASE_URL, else the embedded PGlite in DATA_DIR. Only into an
// empty shop (users made with `npm run user:create` do not count); otherwise it says so and
// changes nothing. Migrates first, so it works on a fresh DATA_DIR too.
const db = await openShopDatabase()
try {
  await migrateToLatest(db.db as never)
  // Nothing listens in this process: a running shop's publisher and projectors pick the events
  // up from the event store.
  const result = await seedDemo({ db: db.db, bus: new MemoryBus() })
  if (!result.seeded) {
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
