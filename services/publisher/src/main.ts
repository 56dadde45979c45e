import { runService } from '@shop/kit'
import { startPublisher } from './publisher.ts'

await runService('publisher', async ({ db, bus, log }) =>
  startPublisher({ db: db.db, bus, log, exclusive: true }),
)
