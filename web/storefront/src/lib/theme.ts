import { type Theme, useTheme as useSharedTheme } from '@shop/ui'
import { track } from './analytics.ts'

/** Dark mode (spec §2 header toggle): @shop/ui's, plus the storefront's analytics event. */
export type { Theme }

function trackTheme(next: Theme): void {
  track('event', next === 'dark' ? 'enable-dark-mode' : 'disable-dark-mode', 'ui')
}

export function useTheme(): [Theme, () => void] {
  return useSharedTheme(trackTheme)
}
