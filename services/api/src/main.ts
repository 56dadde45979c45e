import { resourceBranchDirectory, runService } from '@shop/kit'
import { registerApi } from './app.ts'

await runService('api', async ({ db, bus, log, http, config }) => {
  await registerApi(http, { db: db.db, bus, branches: resourceBranchDirectory(db.db, config.branches), log })
  return { stop: async () => {} }
})
