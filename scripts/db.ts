import { join } from 'node:path'
import { connectPglite, connectPostgres, type DbHandle, loadConfigOrExit, type ShopConfig } from '@shop/kit'

/**
 * The database the shop would use: DATABASE_URL, else the embedded PGlite in DATA_DIR (the
 * configuration read once, docs/configuration.md; a wrong variable ends the script with 2).
 */
export async function openShopDatabase(
  config: Pick<ShopConfig, 'databaseUrl' | 'dataDir' | 'postgres'> = loadConfigOrExit(),
): Promise<DbHandle> {
  return config.databaseUrl
    ? connectPostgres({
        url: config.databaseUrl,
        max: 2,
        applicationName: 'shop-script',
        connectTimeoutMs: config.postgres.connectTimeoutMs,
        queryTimeoutMs: 0,
      })
    : connectPglite(join(config.dataDir, 'pglite'))
}
