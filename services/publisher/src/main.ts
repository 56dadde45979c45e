import { checkpointLag, runService } from '@shop/kit'
import { startPublisher } from './publisher.ts'

await runService('publisher', async ({ db, bus, log }) => {
  const publisher = startPublisher({ db: db.db, bus, log, exclusive: true })
  return {
    stop: () => publisher.stop(),
    // How far the stream is behind the store (every instance answers; one leader publishes).
    ready: { checkpoint: async () => ({ ok: true, ...(await checkpointLag(db.db, 'publisher')) }) },
  }
})
