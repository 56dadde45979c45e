// The projector: the runner of the read models' projections (services/read-models): checkpoints,
// batches, live messages and their numbers, rebuilds. It owns no table of its own.
export { type AnalyticsPruning, startAnalyticsPruning } from './analytics-pruning.ts'
export {
  ensureProjectionVersion,
  type Projector,
  type ProjectorOptions,
  projectionsBehind,
  rebuildProjection,
  runProjectionBatch,
  startProjector,
} from './projector.ts'
