export {
  type SeededCatalogue,
  seedTestCatalogue,
  TEST_AREA,
  TEST_PRODUCTS,
  testOrderBody,
} from './catalogue.ts'
export { get, orderBody, post, runLifecycleScenario, type ScenarioTarget } from './lifecycle.scenario.ts'
export { call, login } from './staff-session.ts'
export { type ReferenceFigures, referenceFigures } from './statistics-reference.ts'
export { openSocket, type TestSocket } from './ws-client.ts'
