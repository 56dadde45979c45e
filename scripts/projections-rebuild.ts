import { migrateToLatest, rebuildProjection } from '@shop/kit'
import { allProjections } from '@shop/read-models'
import { openShopDatabase } from './db.ts'

// npm run projections:rebuild -- <name> [<name> ...] | --all
// The notifier's read model (its jobs) is never replayed: they record the mails and texts that
// went out, and making them again would send them again (docs/notifications.md "Rebuilds").
const KEPT: Record<string, string> = {
  notifications:
    'not rebuilt: its jobs record the mails and texts sent; nothing is emptied, replayed or sent (docs/notifications.md "Rebuilds")',
}
const args = process.argv.slice(2)
const names = args.includes('--all') ? allProjections.map((p) => p.name) : args
const unknown = names.filter((n) => !allProjections.some((p) => p.name === n) && !(n in KEPT))
if (names.length === 0 || unknown.length > 0) {
  if (unknown.length > 0) process.stderr.write(`unknown projection: ${unknown.join(', ')}\n`)
  process.stderr.write(
    `usage: npm run projections:rebuild -- <name>... | --all\nprojections: ${allProjections.map((p) => p.name).join(', ')}\n`,
  )
  process.exit(2)
}

const db = await openShopDatabase()
try {
  await migrateToLatest(db.db as never)
  for (const name of names) {
    const projection = allProjections.find((p) => p.name === name)
    if (!projection) {
      process.stdout.write(`${name}: ${KEPT[name]}\n`)
      continue
    }
    const started = performance.now()
    const events = await rebuildProjection(db.db, projection)
    const ms = performance.now() - started
    process.stdout.write(`${name}: rebuilt from ${events} events in ${ms.toFixed(0)} ms\n`)
  }
} finally {
  await db.close()
}
