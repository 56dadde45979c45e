import { type Database, HttpError, msg } from '@shop/kit'
import {
  branchWithIdentifier,
  lockRedirectWrites,
  redirectChain,
  redirectWithPath,
  siteAtPath,
} from '@shop/read-models'
import { branchIdentifierOfPath, internalTargetPath, normaliseRedirectPath } from '@shop/shared/contracts'
import type { Transaction } from 'kysely'

// The rules of a redirect (spec §3: path → target with 301 or 302) that need the other
// resources, checked in the write's transaction after its row is written (a create, an update,
// a restore). What needs no other resource (a target equal to its own path, a fixed route of
// spec §2 or the server's own path) the contract refuses already with 400 (resources.http.ts).
//
// - another redirect with the same path: 400 on `path`, like any other taken unique value;
// - a path where a site (any locale, drafts too) or a branch's menu page is: 409 on `path`;
// - a target that leads back to the path through other redirects (A → B, B → C, C → A): 409 on
//   `target`, naming the chain.

/** The longest chain looked through for a loop. */
const LOOP_SEARCH_DEPTH = 50

export async function checkRedirect(
  trx: Transaction<Database>,
  id: string,
  data: Record<string, unknown>,
): Promise<void> {
  const path = normaliseRedirectPath(String(data.path ?? ''))
  const target = String(data.target ?? '')
  // Two writes that together make a loop would each miss the other's row: one at a time.
  await lockRedirectWrites(trx)

  const other = await redirectWithPath(trx, path, id)
  if (other) throw new HttpError(400, msg('redirectPathUsed', { target: other.target }), 'path')

  const site = await siteAtPath(trx, path)
  if (site) throw new HttpError(409, msg('redirectHidesSite', { name: site }), 'path')
  const identifier = branchIdentifierOfPath(path)
  const branch = identifier ? await branchWithIdentifier(trx, identifier) : undefined
  if (branch) throw new HttpError(409, msg('redirectHidesBranch', { name: branch }), 'path')

  const next = internalTargetPath(target)
  if (next === undefined) return
  // The chain from the target on (this redirect's own row is written already, so a chain that
  // comes back to the path shows as a hop whose path is ours).
  const chain = await redirectChain(trx, next, LOOP_SEARCH_DEPTH)
  const back = chain.findIndex((hop) => hop.path === path)
  if (back >= 0) {
    const steps = [
      path,
      next,
      ...chain.slice(0, back).map((hop) => internalTargetPath(hop.target) ?? hop.target),
    ]
    throw new HttpError(409, msg('redirectChainLoop', { chain: steps.join(' → ') }), 'target')
  }
}
