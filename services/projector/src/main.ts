import { runService } from '@shop/kit'
import { allProjections } from './index.ts'
import { startProjector } from './projector.ts'

await runService('projector', async ({ db, bus, log }) =>
  startProjector({ db: db.db, bus, log, projections: allProjections }),
)
