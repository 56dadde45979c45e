// The branch's operations controls (issue 17): sold out ("86") per product, busy mode per branch,
// and the frontdesk board's "Betrieb" panel. Each takes the branch's access (a staff session, or
// the frontdesk key) and shares one state per branch with every other control on the page.
export type { BranchOpsAccess } from './branch-ops-api.ts'
export { BranchOpsBoardEntry, BranchOpsPanel, type BranchOpsPanelProps } from './branch-ops-panel.tsx'
export { BusyModeControl, type BusyModeControlProps } from './busy-mode-control.tsx'
export { SoldOutToggle, type SoldOutToggleProps } from './sold-out-toggle.tsx'
