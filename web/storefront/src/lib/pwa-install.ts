import { useCallback, useEffect, useState } from 'react'

/**
 * The browser's install offer (beforeinstallprompt), kept from page load so the install prompt,
 * the footer link and the status page's hint can all use it.
 */
type InstallEvent = Event & {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferredInstall: InstallEvent | undefined
const installListeners = new Set<() => void>()
if (typeof window !== 'undefined') {
  addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault()
    deferredInstall = e as InstallEvent
    for (const l of installListeners) l()
  })
  addEventListener('appinstalled', () => {
    deferredInstall = undefined
    for (const l of installListeners) l()
  })
}

function isInstalled(): boolean {
  return matchMedia('(display-mode: standalone)').matches
}

/** True when the browser offers installing and the app is not installed (the footer's link). */
export function useCanInstall(): [boolean, () => Promise<void>] {
  const [can, setCan] = useState(() => Boolean(deferredInstall) && !isInstalled())
  useEffect(() => {
    const update = () => setCan(Boolean(deferredInstall) && !isInstalled())
    installListeners.add(update)
    return () => {
      installListeners.delete(update)
    }
  }, [])
  const install = useCallback(async () => {
    const event = deferredInstall
    if (!event) return
    await event.prompt()
    await event.userChoice.catch(() => undefined)
    deferredInstall = undefined
    for (const l of installListeners) l()
  }, [])
  return [can, install]
}
