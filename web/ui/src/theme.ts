import { useCallback, useSyncExternalStore } from 'react'

/**
 * Dark mode (spec §2 header toggle), shared by every app of the origin: stored in localStorage,
 * applied as data-theme on <html> (styles.css has both token sets; index.html applies the stored
 * choice before the first paint).
 */
export type Theme = 'light' | 'dark'
export const THEME_STORAGE_KEY = 'asp-theme'
const listeners = new Set<() => void>()

function current(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'
}

/** The theme and its toggle; `onToggle` hears every change (the storefront's analytics). */
export function useTheme(onToggle?: (next: Theme) => void): [Theme, () => void] {
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
      localStorage.setItem(THEME_STORAGE_KEY, next)
    } catch {
      // storage blocked
    }
    onToggle?.(next)
    for (const l of listeners) l()
  }, [onToggle])
  return [theme, toggle]
}
