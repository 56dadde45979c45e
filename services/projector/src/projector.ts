import { type ProjectionRunner, type ProjectionRunnerOptions, startProjectionRunner } from '@shop/kit'

// The projector runs the read models' projections (services/read-models) on the kit's runner
// (services/kit/src/tailing): batches under the checkpoint's lock, live messages numbered and sent
// after the commit, ticks, version checks and rebuilds. The notifier runs its outbox on the same.

export {
  ensureProjectionVersion,
  projectionsBehind,
  rebuildProjection,
  runProjectionBatch,
} from '@shop/kit'

export type ProjectorOptions = ProjectionRunnerOptions
export type Projector = ProjectionRunner

/** Catches up on start, then wakes on every event the bus carries (and polls as a fallback). */
export function startProjector(opts: ProjectorOptions): Projector {
  return startProjectionRunner(opts)
}
