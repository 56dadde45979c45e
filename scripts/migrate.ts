import { migrateToLatest } from '@shop/kit'
import { openShopDatabase } from './db.ts'

const db = await openShopDatabase()
try {
  const result = await migrateToLatest(db.db as never)
  const applied = result.results ?? []
  for (const r of applied)
    process.stdout.write(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}\n`)
  if (applied.length === 0) process.stdout.write('already up to date\n')
} finally {
  await db.close()
}
