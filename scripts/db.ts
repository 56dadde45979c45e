import { join } from 'node:path'
import { connectPglite, connectPostgres, type DbHandle, loadConfig } from '@shop/kit'

/** The database the shop would use: DATABASE_URL, else the embedded PGlite in DATA_DIR. */
export async function openShopDatabase(): Promise<DbHandle> {
  const config = loadConfig()
  return config.databaseUrl
    ? connectPostgres({ url: config.databaseUrl, max: 2, applicationName: 'shop-script', queryTimeoutMs: 0 })
    : connectPglite(join(config.dataDir, 'pglite'))
}
