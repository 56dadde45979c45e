export { startTestStack, TEST_BRANCH, TEST_PAYMENTS_SECRET, type TestStack } from './stack.ts'
