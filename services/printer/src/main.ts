import { checkpointLag, runService } from '@shop/kit'
import { resourceBranchDirectory } from '@shop/read-models'
import { PRINTER_CHECKPOINT } from './print-jobs.projection.ts'
import { startPrinterService } from './printer.ts'

// The printer service as its own process (the distributed layout, docker-compose.yml): print jobs
// from order events, sent to the branches' network receipt printers (docs/devices.md).
await runService('printer', async ({ config, db, bus, log }) => {
  const printer = startPrinterService({
    db: db.db,
    bus,
    log,
    branches: resourceBranchDirectory(db.db, config.branches),
  })
  return {
    stop: () => printer.stop(),
    ready: { checkpoint: async () => ({ ok: true, ...(await checkpointLag(db.db, PRINTER_CHECKPOINT)) }) },
  }
})
