import { useEffect, useState } from 'react'

/**
 * The current time, renewed every `everyMs` (default a minute) so open / closing-soon states
 * and texts move on while the page stays open.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
