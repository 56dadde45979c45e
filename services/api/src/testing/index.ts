export { get, orderBody, post, runLifecycleScenario, type ScenarioTarget } from './lifecycle.scenario.ts'
export { startTestStack, TEST_BRANCH, type TestStack } from './stack.ts'
export { openSocket, type TestSocket } from './ws-client.ts'
