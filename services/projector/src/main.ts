import { runService } from '@shop/kit'
import { startAnalyticsPruning } from './analytics-pruning.ts'
import { allProjections } from './index.ts'
import { startProjector } from './projector.ts'

await runService('projector', async ({ db, bus, log, limits }) => {
  const projector = startProjector({ db: db.db, bus, log, projections: allProjections })
  const pruning = startAnalyticsPruning({ db: db.db, log, retentionDays: limits.analytics.retentionDays })
  return {
    async stop() {
      await pruning.stop()
      await projector.stop()
    },
  }
})
