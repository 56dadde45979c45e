import { type Db, readGeneration } from '@shop/kit'
import { allBranchOperations, catalogueRows } from '@shop/read-models'
import { CATALOGUE_GENERATION, CATALOGUE_TYPES } from '../resources/generations.ts'
import { type CatalogueSnapshot, catalogueSnapshot } from './checkout-data.ts'

/**
 * The checkout's catalogue in memory, one snapshot per 'catalogue' generation. Reading it costs
 * nothing per order; its correctness comes from the append: an order is stored only with the
 * generation it was priced with as the append's guard (GenerationMovedError when a catalogue
 * write came in between: the caller takes a fresh snapshot and checks the order again). A
 * refusal is only answered once the generation is confirmed current.
 */
export type CatalogueCache = {
  /** The snapshot in memory (read once at the first call). */
  get(): Promise<CatalogueSnapshot>
  /** A snapshot newer than `stale` (one read however many callers ask at once). */
  refresh(stale: CatalogueSnapshot): Promise<CatalogueSnapshot>
  /** Whether `snapshot` is still the current generation (one tiny read). */
  isCurrent(snapshot: CatalogueSnapshot): Promise<boolean>
}

const TYPES = [...CATALOGUE_TYPES]

/**
 * Generation and rows in ONE statement, so they come from the same database snapshot; then the
 * branches' operations (sold out, paused), which move the same generation. Read after it, they
 * are at least as new as the generation: anything newer moved it further, so an order checked
 * with them is stored only if nothing came in between (the guard), or checked again.
 */
async function loadSnapshot(db: Db): Promise<CatalogueSnapshot> {
  const { generation, rows } = await catalogueRows(db, CATALOGUE_GENERATION, TYPES)
  const operations = await allBranchOperations(db)
  return catalogueSnapshot(generation, rows, new Map([...operations].map(([id, row]) => [id, row.state])))
}

export function createCatalogueCache(db: Db): CatalogueCache {
  let current: Promise<CatalogueSnapshot> | undefined
  const load = () => {
    const loading = loadSnapshot(db)
    current = loading
    // A failed read is not kept: the next caller tries again.
    loading.catch(() => {
      if (current === loading) current = undefined
    })
    return loading
  }
  return {
    get: () => current ?? load(),
    async refresh(stale) {
      const pending = current
      if (pending) {
        const latest = await pending.catch(() => undefined)
        // Another caller started a newer read meanwhile: share it.
        if (current !== pending) return current ?? load()
        if (latest && latest.generation !== stale.generation) return latest
      }
      return load()
    },
    async isCurrent(snapshot) {
      return (await readGeneration(db, CATALOGUE_GENERATION)) === snapshot.generation
    },
  }
}
