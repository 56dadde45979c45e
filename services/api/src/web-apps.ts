import type { Db } from '@shop/kit'
import type { FastifyInstance } from 'fastify'
import { backofficeRoutes } from './backoffice.ts'
import { storefrontRoutes } from './storefront.ts'

export type WebAppsOptions = {
  db: Db
  /**
   * The built storefront to serve at / (one origin with the API); default web/storefront/dist
   * when it was built (`npm run build:web`); false serves none.
   */
  storefrontRoot?: string | false | undefined
  /**
   * The built back-office to serve under /backend; default web/backoffice/dist when it was built;
   * false serves none.
   */
  backofficeRoot?: string | false | undefined
  /** The shop's public address (PUBLIC_URL) for sitemap.xml, robots.txt and canonical URLs; default the caller's origin. */
  publicUrl?: string | undefined
}

/** Which apps `registerWebApps` found built and serves. */
export type WebAppsServed = { storefront: boolean; backoffice: boolean }

/**
 * The web apps beside the API on one origin (DESIGN §1), for the all-in-one process (`buildApp`)
 * and the distributed API (main.ts) alike: the back-office under /backend, the storefront at /
 * with its client routes (the status page `/status/{uid}/{hash}` of every customer e-mail among
 * them), each HTML page with its own Content-Security-Policy, hashed assets cached for a year.
 * An app that was not built (`npm run build:web`) is left out. Register after the API's routes:
 * the storefront answers every GET no other route takes.
 */
export async function registerWebApps(app: FastifyInstance, opts: WebAppsOptions): Promise<WebAppsServed> {
  const backoffice =
    opts.backofficeRoot !== false && (await backofficeRoutes(app, { root: opts.backofficeRoot }))
  const storefront =
    opts.storefrontRoot !== false &&
    (await storefrontRoutes(app, { db: opts.db, root: opts.storefrontRoot, publicUrl: opts.publicUrl }))
  return { storefront, backoffice }
}
