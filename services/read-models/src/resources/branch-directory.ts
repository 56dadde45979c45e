import {
  type BranchAccess,
  type BranchDirectory,
  type Database,
  fromList,
  SHOP_CONFIG_ID,
  safeEqual,
} from '@shop/kit'
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely'

/**
 * Branches from configuration plus the branch resources of the catalogue (their `apiKey`,
 * `name` and `timeZone`), the catalogue winning for an id both have. Once the shop has a stored
 * configuration, its `enablePluginFrontdesk` decides whether the keys open anything (a server
 * with no stored configuration has only the keys its operator configured: on).
 */
export function resourceBranchDirectory(
  db: Kysely<Database>,
  configured: readonly BranchAccess[],
): BranchDirectory {
  const list = fromList(configured)
  const toAccess = (r: { id: string; data: unknown }): BranchAccess | undefined => {
    const d = r.data as { apiKey?: unknown; name?: unknown; timeZone?: unknown }
    if (typeof d.apiKey !== 'string') return undefined
    return {
      id: r.id,
      name: String(d.name ?? r.id),
      apiKey: d.apiKey,
      timeZone: typeof d.timeZone === 'string' ? d.timeZone : 'Europe/Zurich',
    }
  }
  // The branch rows and the shop's configuration in one read: a key check is one round trip.
  const read = (branch: (eb: ExpressionBuilder<Database, 'rm_resources'>) => Expression<SqlBool>) =>
    db
      .selectFrom('rm_resources')
      .select(['type', 'id', 'data'])
      .where((eb) => eb.or([branch(eb), eb.and([eb('type', '=', 'config'), eb('id', '=', SHOP_CONFIG_ID)])]))
      .execute()
  const withPlugin = (branch: BranchAccess | undefined, rows: { type: string; data: unknown }[]) => {
    if (!branch) return undefined
    const config = rows.find((r) => r.type === 'config')
    const keyAccess = config
      ? (config.data as { enablePluginFrontdesk?: unknown }).enablePluginFrontdesk === true
      : true
    return { ...branch, keyAccess }
  }
  return {
    async get(id) {
      const rows = await read((eb) => eb.and([eb('type', '=', 'branch'), eb('id', '=', id)]))
      const row = rows.find((r) => r.type === 'branch')
      return withPlugin((row && toAccess(row)) ?? list.get(id), rows)
    },
    async byApiKey(key) {
      const rows = await read((eb) => eb('type', '=', 'branch'))
      for (const r of rows) {
        if (r.type !== 'branch') continue
        const b = toAccess(r)
        if (b && safeEqual(b.apiKey, key)) return withPlugin(b, rows)
      }
      return withPlugin(list.byApiKey(key), rows)
    },
  }
}
