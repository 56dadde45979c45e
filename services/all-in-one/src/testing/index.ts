export { startTestStack, TEST_BRANCH, type TestStack } from './stack.ts'
