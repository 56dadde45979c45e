import { migrateToLatest } from '@shop/kit'
import { rebuildProjection } from '@shop/projector'
import { allProjections } from '@shop/read-models'
import { openShopDatabase } from './db.ts'

// npm run projections:rebuild -- <name> [<name> ...] | --all
const args = process.argv.slice(2)
const names = args.includes('--all') ? allProjections.map((p) => p.name) : args
const unknown = names.filter((n) => !allProjections.some((p) => p.name === n))
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
    const projection = allProjections.find((p) => p.name === name)!
    const started = performance.now()
    const events = await rebuildProjection(db.db, projection)
    const ms = performance.now() - started
    process.stdout.write(`${name}: rebuilt from ${events} events in ${ms.toFixed(0)} ms\n`)
  }
} finally {
  await db.close()
}
