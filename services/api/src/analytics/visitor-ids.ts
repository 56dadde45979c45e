import { createHmac, randomBytes } from 'node:crypto'
import { type Db, safeEqual } from '@shop/kit'
import { sql } from 'kysely'

// Visitor ids the server issued (docs/security.md "Analytics"): the `shop_vid` cookie is
// `<id>.<mac>`, the mac an HMAC-SHA256 of the id under a secret the server made for itself and
// keeps in the database (`server_secrets`, shared by every API replica; never in the repository
// or the environment). Only an id with a valid mac counts as a returning visitor; anything else
// is a new visitor, and one client address is given at most `newVisitorsPerAddressPerDay` new
// ids per UTC day (an HMAC of the address is counted, not the address).

const SECRET_NAME = 'analytics-visitor-id'
const ID = /^([\w-]{22})\.([\w-]{22})$/

const secrets = new WeakMap<Db, Promise<Buffer>>()

/** The signing secret, made on first use (the first replica to ask stores it; the others read it). */
export function visitorSecret(db: Db): Promise<Buffer> {
  let secret = secrets.get(db)
  if (!secret) {
    secret = (async () => {
      await db
        .insertInto('server_secrets')
        .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute()
      const row = await db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', SECRET_NAME)
        .executeTakeFirstOrThrow()
      return Buffer.from(row.value, 'base64url')
    })()
    // A failed read is tried again on the next request, not remembered.
    secret.catch(() => secrets.delete(db))
    secrets.set(db, secret)
  }
  return secret
}

const mac = (secret: Buffer, purpose: string, value: string) =>
  createHmac('sha256', secret).update(`${purpose}:${value}`).digest().subarray(0, 16).toString('base64url')

/** The cookie value of a visitor id. */
export function signVisitor(secret: Buffer, id: string): string {
  return `${id}.${mac(secret, 'visitor', id)}`
}

/** The id of a cookie value the server issued; null for anything else (unsigned, forged, old). */
export function verifiedVisitor(secret: Buffer, cookie: string | undefined): string | null {
  const m = cookie ? ID.exec(cookie) : null
  if (!m) return null
  return safeEqual(mac(secret, 'visitor', m[1]!), m[2]!) ? m[1]! : null
}

/**
 * A new visitor id for a client address, or null when the address was given its share of new
 * ids today already. Counted atomically (one upsert that stops at the cap), so parallel requests
 * cannot pass it.
 */
export async function mintVisitor(
  db: Db,
  secret: Buffer,
  opts: { address: string; day: string; cap: number },
): Promise<string | null> {
  const address = mac(secret, 'address', opts.address)
  const { rows } = await sql<{ minted: number }>`
    INSERT INTO analytics_visitor_mints AS m (day, address, minted) VALUES (${opts.day}::date, ${address}, 1)
    ON CONFLICT (day, address) DO UPDATE SET minted = m.minted + 1 WHERE m.minted < ${opts.cap}
    RETURNING minted`.execute(db)
  return rows.length > 0 ? randomBytes(16).toString('base64url') : null
}
