import { hash, verify } from '@node-rs/argon2'

// argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1: OWASP's minimum).
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

// Verifying against this when a username is unknown keeps the answer time the same.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$aj8bSX1I6NSj90r7q7ezTA$Ztc1k7y4h6l3Vs2am8u4eiftGCvyALsgFqhY+cm0EbQ'

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    const ok = await verify(passwordHash ?? DUMMY_HASH, password)
    return passwordHash !== undefined && ok
  } catch {
    return false
  }
}
