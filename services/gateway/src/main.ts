import { runService } from '@shop/kit'
import { resourceBranchDirectory } from '@shop/read-models'
import { registerGateway } from './gateway.ts'

await runService('gateway', async ({ db, bus, log, http, config, limits }) => {
  const gateway = await registerGateway(http, {
    db: db.db,
    bus,
    branches: resourceBranchDirectory(db.db, config.branches),
    log,
    limits,
  })
  return {
    stop: () => gateway.close(),
    ready: { sockets: async () => ({ ok: true, open: gateway.sockets }) },
  }
})
