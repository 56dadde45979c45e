import { runService } from '@shop/kit'
import { resourceBranchDirectory } from '@shop/read-models'
import { registerApi } from './app.ts'
import { createFileBytes } from './files/file-bytes.ts'
import { createPayments, serverUrlOf, TEST_PAYMENTS_WARNING } from './payments/index.ts'
import { registerWebApps } from './web-apps.ts'

await runService('api', async ({ db, bus, log, http, config, limits }) => {
  // Providers from the configuration (docs/payments.md): Stripe with its keys, the built-in test
  // provider only with PAYMENTS_TEST_PROVIDER=1; without them only offline methods work.
  const payments = createPayments({
    settings: config.payments,
    log,
    serverUrl: () => serverUrlOf(http.server),
  })
  if (payments.testProvider) log.warn(TEST_PAYMENTS_WARNING)
  await registerApi(http, {
    db: db.db,
    bus,
    branches: resourceBranchDirectory(db.db, config.branches),
    log,
    payments,
    limits,
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    cookieSecure: config.cookieSecure,
    // The upload worker writes accepted files to the database itself (its own connections).
    files: createFileBytes(db.db, { databaseUrl: config.databaseUrl }),
  })
  // The storefront at / (with the status page of every customer e-mail) and the back-office at
  // /backend, from the image's build (infra/deploy/Dockerfile), as the all-in-one process does.
  const served = await registerWebApps(http, { db: db.db, publicUrl: config.publicUrl })
  for (const [name, built] of Object.entries(served)) {
    if (!built) log.warn(`the ${name} is not built (npm run build:web): the API answers 404 for its pages`)
  }
  return { stop: async () => {} }
})
