export type {
  ActiveOperations,
  BranchOperationsCommand,
  BranchOperationsState,
  SoldOutMark,
} from './branch-operations.ts'
export {
  activeOperations,
  busyModeOf,
  decideOperations,
  EXTRA_MINUTES_CHOICES,
  evolveOperations,
  initialOperationsState,
  MAX_EXTRA_MINUTES,
  NO_OPERATIONS,
  OperationsRuleError,
  operationEnd,
  PAUSE_MINUTES,
  SOLD_OUT_MAX_DAYS,
  soldOutUntil,
} from './branch-operations.ts'
