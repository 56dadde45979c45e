import type { Database, Db } from '@shop/kit'
import { type RawBuilder, sql, type Transaction } from 'kysely'

// The redirect resources (spec §3: path → target with 301 or 302) as the storefront server
// follows them and as the API's redirect rules check them (services/api/src/resources/
// redirect-rules.ts): paths compared as the storefront does, without query, fragment and
// trailing slashes.

/** The longest chain followed: a longer one (made before the rules) is served hop by hop. */
export const MAX_REDIRECT_HOPS = 5

export type RedirectHop = { id: string; path: string; target: string; statusCode: 301 | 302 }

/** A path (text in SQL) without query, fragment and trailing slashes; '/' stays '/'. */
function normalised(path: RawBuilder<unknown> | string): RawBuilder<string> {
  const value = typeof path === 'string' ? sql`${path}::text` : path
  return sql<string>`coalesce(nullif(rtrim(split_part(split_part(${value}, '#', 1), '?', 1), '/'), ''), '/')`
}

const redirectPath = normalised(sql`r.data->>'path'`)

/**
 * The redirects a request for `path` (normalised) goes through, first hop first: the one whose
 * path it is, then the one whose path that target is (a shop-internal target), up to
 * MAX_REDIRECT_HOPS, stopping before a path seen already. One query.
 */
export async function redirectChain(
  db: Db,
  path: string,
  maxHops = MAX_REDIRECT_HOPS,
): Promise<RedirectHop[]> {
  const { rows } = await sql<{ id: string; path: string; target: string; status: number; depth: number }>`
    WITH RECURSIVE hops(id, path, target, status, depth, seen) AS (
      (SELECT r.id, ${redirectPath}, r.data->>'target', (r.data->>'statusCode')::int, 1, ARRAY[${redirectPath}]
         FROM rm_resources r
        WHERE r.type = 'redirect' AND ${redirectPath} = ${path}
        ORDER BY r.created_at LIMIT 1)
      UNION ALL
      SELECT r.id, ${redirectPath}, r.data->>'target', (r.data->>'statusCode')::int, h.depth + 1,
             h.seen || ${redirectPath}
        FROM hops h
        JOIN rm_resources r
          ON r.type = 'redirect'
         AND h.target LIKE '/%' AND h.target NOT LIKE '//%'
         AND ${redirectPath} = ${normalised(sql`h.target`)}
       WHERE h.depth < ${maxHops} AND NOT (${redirectPath} = ANY (h.seen))
    )
    SELECT id, path, target, status, depth FROM hops ORDER BY depth`.execute(db)
  // Two redirects with one path (made before the rules): the older wins, as it always did.
  const chain: RedirectHop[] = []
  for (const row of rows) {
    if (row.depth !== chain.length + 1) continue
    chain.push({ id: row.id, path: row.path, target: row.target, statusCode: row.status === 302 ? 302 : 301 })
  }
  return chain
}

/** Serialises redirect writes (a loop made by two concurrent writes is still found). */
export async function lockRedirectWrites(trx: Transaction<Database>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('rm_resources:redirect'))`.execute(trx)
}

/** Another redirect with the same (normalised) path, if any. */
export async function redirectWithPath(
  db: Db,
  path: string,
  exceptId: string,
): Promise<{ id: string; target: string } | undefined> {
  const { rows } = await sql<{ id: string; target: string }>`
    SELECT r.id, r.data->>'target' AS target FROM rm_resources r
     WHERE r.type = 'redirect' AND r.id <> ${exceptId} AND ${redirectPath} = ${path}
     LIMIT 1`.execute(db)
  return rows[0]
}

/**
 * The site (its name) with a translation at this (normalised) path in any locale, if any:
 * drafts count, a redirect must not hide them either.
 */
export async function siteAtPath(db: Db, path: string): Promise<string | undefined> {
  const { rows } = await sql<{ name: string | null; id: string }>`
    SELECT r.id, coalesce(nullif(t.value->>'title', ''), t.value->>'name') AS name
      FROM rm_resources r,
           jsonb_each(CASE WHEN jsonb_typeof(r.data->'translations') = 'object'
                           THEN r.data->'translations' ELSE '{}'::jsonb END) AS t
     WHERE r.type = 'site' AND ${normalised(sql`t.value->>'path'`)} = ${path}
     LIMIT 1`.execute(db)
  const row = rows[0]
  return row ? (row.name ?? row.id) : undefined
}

/** The branch (its name) with this identifier (case-insensitive, as the unique index), if any. */
export async function branchWithIdentifier(db: Db, identifier: string): Promise<string | undefined> {
  const { rows } = await sql<{ name: string | null; identifier: string }>`
    SELECT data->>'name' AS name, data->>'identifier' AS identifier FROM rm_resources
     WHERE type = 'branch' AND lower(data->>'identifier') = lower(${identifier})
     LIMIT 1`.execute(db)
  const row = rows[0]
  return row ? (row.name ?? row.identifier) : undefined
}
