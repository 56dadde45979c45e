import { type Db, SHOP_CONFIG_ID } from '@shop/kit'
import { sql } from 'kysely'

// What the storefront's pages read of the resources: the shop's configuration and redirects.

/** The shop's stored configuration (the `config` resource), undefined before one is stored. */
export async function shopConfig(db: Db): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom('rm_resources')
    .select('data')
    .where('type', '=', 'config')
    .where('id', '=', SHOP_CONFIG_ID)
    .executeTakeFirst()
  return row?.data as Record<string, unknown> | undefined
}

/** The map style the shop configured (`config.mapStyleUrl`), if any. */
export async function mapStyleUrl(db: Db): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('rm_resources')
    .select(sql<string | null>`data->>'mapStyleUrl'`.as('url'))
    .where('type', '=', 'config')
    .where('id', '=', SHOP_CONFIG_ID)
    .executeTakeFirst()
  return row?.url
}

/**
 * The redirect resource for a path (spec §3: path → target with 301 or 302), the path also
 * matching without its trailing slashes.
 */
export async function redirectFor(
  db: Db,
  path: string,
): Promise<{ target: string; statusCode: 301 | 302 } | undefined> {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  const row = await db
    .selectFrom('rm_resources')
    .select([sql<string>`data->>'target'`.as('target'), sql<number>`(data->>'statusCode')::int`.as('status')])
    .where('type', '=', 'redirect')
    .where(sql`data->>'path'`, 'in', [path, trimmed])
    .limit(1)
    .executeTakeFirst()
  if (!row?.target) return undefined
  return { target: row.target, statusCode: row.status === 302 ? 302 : 301 }
}
