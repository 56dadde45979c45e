import { useSyncExternalStore } from 'react'

/** navigator.onLine as a hook (the shell's offline warning). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => {
      addEventListener('online', l)
      addEventListener('offline', l)
      return () => {
        removeEventListener('online', l)
        removeEventListener('offline', l)
      }
    },
    () => navigator.onLine,
    () => true,
  )
}
