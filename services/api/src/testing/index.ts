export { get, orderBody, post, runLifecycleScenario, type ScenarioTarget } from './lifecycle.scenario.ts'
export { call, login } from './staff-session.ts'
export { openSocket, type TestSocket } from './ws-client.ts'
