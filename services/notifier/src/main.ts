import { checkpointLag, runService } from '@shop/kit'
import { resourceBranchDirectory } from '@shop/read-models'
import { DEFAULT_CHECKPOINT } from '@shop/read-models/notifications'
import { startConfiguredNotifier } from './configured.ts'

await runService('notifier', async ({ config, db, bus, log }) => {
  if (!config.publicUrl) log.warn('PUBLIC_URL is not set: status links point at http://localhost:3000')
  if (!config.notifier.smtpUrl) log.warn('SMTP_URL is not set: e-mails are only written to the log')
  const notifier = startConfiguredNotifier({
    db: db.db,
    bus,
    log,
    branches: resourceBranchDirectory(db.db, config.branches),
    defaultPublicUrl: 'http://localhost:3000',
    settings: config.notifier,
  })
  return {
    stop: () => notifier.stop(),
    ready: { checkpoint: async () => ({ ok: true, ...(await checkpointLag(db.db, DEFAULT_CHECKPOINT)) }) },
  }
})
