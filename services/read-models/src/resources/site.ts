import { type Db, SHOP_CONFIG_ID } from '@shop/kit'
import { normaliseRedirectPath } from '@shop/shared/contracts'
import { sql } from 'kysely'
import { redirectChain } from './redirects.ts'

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
 * Where a request for a path is redirected (spec §3 redirect resource: path → target with 301
 * or 302), the path also matching without its query and trailing slashes. A chain of redirects
 * (A → B, B → C) is answered in one hop with its last target: 301 when every hop is permanent,
 * else 302.
 */
export async function redirectFor(
  db: Db,
  path: string,
): Promise<{ target: string; statusCode: 301 | 302 } | undefined> {
  const chain = await redirectChain(db, normaliseRedirectPath(path))
  const last = chain.at(-1)
  if (!last?.target) return undefined
  return { target: last.target, statusCode: chain.every((hop) => hop.statusCode === 301) ? 301 : 302 }
}
