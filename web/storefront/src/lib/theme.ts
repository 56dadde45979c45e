import { useCallback, useSyncExternalStore } from 'react'
import { track } from './analytics.ts'

/** Dark mode (spec §2 header toggle): stored in localStorage, applied as data-theme on <html>. */
export type Theme = 'light' | 'dark'
const KEY = 'asp-theme'
const listeners = new Set<() => void>()

function current(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'
}

export function useTheme(): [Theme, () => void] {
  const theme = useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    current,
    () => 'light' as const,
  )
  const toggle = useCallback(() => {
    const next: Theme = current() === 'dark' ? 'light' : 'dark'
    document.documentElement.dataset.theme = next
    try {
      localStorage.setItem(KEY, next)
    } catch {
      // storage blocked
    }
    track('event', next === 'dark' ? 'enable-dark-mode' : 'disable-dark-mode', 'ui')
    for (const l of listeners) l()
  }, [])
  return [theme, toggle]
}
