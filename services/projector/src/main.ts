import { checkpointLag, runService } from '@shop/kit'
import { allProjections, checkpointId } from '@shop/read-models'
import { startAnalyticsPruning } from './analytics-pruning.ts'
import { startProjector } from './projector.ts'

await runService('projector', async ({ db, bus, log, limits }) => {
  const projector = startProjector({ db: db.db, bus, log, projections: allProjections })
  const pruning = startAnalyticsPruning({ db: db.db, log, retentionDays: limits.analytics.retentionDays })
  return {
    // Each projection's lag behind the event store (the visitors read the analytics log).
    ready: Object.fromEntries(
      allProjections
        .filter((p) => !p.feed)
        .map((p) => [
          `projection ${p.name}`,
          async () => ({ ok: true, ...(await checkpointLag(db.db, checkpointId(p))) }),
        ]),
    ),
    async stop() {
      await pruning.stop()
      await projector.stop()
    },
  }
})
