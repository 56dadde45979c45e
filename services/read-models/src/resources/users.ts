import type { Db } from '@shop/kit'
import { sql } from 'kysely'

// The `user` resources by username (unique without regard to case).

export type UserRow = { id: string; data: Record<string, unknown> }

/** The user with this username, whatever its case. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const { rows } = await sql<UserRow>`
    SELECT id, data FROM rm_resources
     WHERE type = 'user' AND lower(data->>'username') = ${username.toLowerCase()}`.execute(db)
  return rows[0]
}

/**
 * The user with this username and its password hash (kept in auth_credentials beside the
 * resource, never in an event), in one read: what a login checks.
 */
export async function findUserLogin(
  db: Db,
  username: string,
): Promise<(UserRow & { passwordHash: string | null }) | undefined> {
  const { rows } = await sql<UserRow & { password_hash: string | null }>`
    SELECT r.id, r.data, c.password_hash FROM rm_resources r
      LEFT JOIN auth_credentials c ON c.user_id = r.id
     WHERE r.type = 'user' AND lower(r.data->>'username') = ${username.toLowerCase()}`.execute(db)
  const row = rows[0]
  return row ? { id: row.id, data: row.data, passwordHash: row.password_hash } : undefined
}
