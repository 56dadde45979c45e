import { checkpointLag, runService } from '@shop/kit'
import { resourceBranchDirectory } from '@shop/read-models'
import { startConfiguredNotifier } from './configured.ts'
import { DEFAULT_CHECKPOINT } from './consumer.ts'

await runService('notifier', async ({ config, db, bus, log }) => {
  if (!process.env.PUBLIC_URL) log.warn('PUBLIC_URL is not set: status links point at http://localhost:3000')
  if (!process.env.SMTP_URL) log.warn('SMTP_URL is not set: e-mails are only written to the log')
  const notifier = await startConfiguredNotifier({
    db: db.db,
    bus,
    log,
    branches: resourceBranchDirectory(db.db, config.branches),
    defaultPublicUrl: 'http://localhost:3000',
  })
  return {
    stop: () => notifier.stop(),
    ready: { checkpoint: async () => ({ ok: true, ...(await checkpointLag(db.db, DEFAULT_CHECKPOINT)) }) },
  }
})
