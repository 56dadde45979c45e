import { Button, Dialog } from '@shop/ui'
import { useEffect, useState } from 'react'
import { consentState, useConsent } from '../lib/consent.ts'
import { readCookie, writeCookie } from '../lib/cookies.ts'
import { useT } from '../lib/i18n.tsx'
import { useCanInstall } from '../lib/pwa-install.ts'
import { useShopData } from '../lib/shop-data.tsx'

/** Spec §9: the install prompt 5 s after load with consent, 250 ms after accepting cookies. */
export const INSTALL_DELAY_MS = 5000
export const INSTALL_DELAY_AFTER_CONSENT_MS = 250
/** Spec §4: dismissing sets pwa-dismiss = true for one month. */
export const DISMISS_COOKIE = 'pwa-dismiss'
export const DISMISS_DAYS = 30
/** Spec §7, §9: the service worker is checked every 30 minutes, first after 2.5 s. */
export const UPDATE_CHECK_MS = 1_800_000
export const FIRST_UPDATE_CHECK_MS = 2500

/**
 * The PWA plugin (config enablePluginPWA): registers the service worker, shows the update
 * banner when a new version waits, and the install prompt (after consent, unless dismissed).
 * Nothing of it in the kiosk context.
 */
export function Pwa({ selfService }: { selfService: boolean }) {
  const { data } = useShopData()
  const enabled = data?.config.enablePluginPWA === true
  const waiting = useServiceWorker(enabled)
  if (!enabled) return null
  return (
    <>
      {waiting ? <UpdateBanner waiting={waiting} /> : null}
      {selfService ? null : <InstallPrompt />}
    </>
  )
}

function useServiceWorker(enabled: boolean): ServiceWorker | undefined {
  const [waiting, setWaiting] = useState<ServiceWorker | undefined>()
  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator) || !isSecureContext) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let interval: ReturnType<typeof setInterval> | undefined
    let stopped = false
    void navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        if (stopped) return
        const watch = (worker: ServiceWorker | null) => {
          if (!worker) return
          const check = () => {
            if (worker.state === 'installed' && navigator.serviceWorker.controller) setWaiting(worker)
          }
          worker.addEventListener('statechange', check)
          check()
        }
        watch(registration.waiting)
        registration.addEventListener('updatefound', () => watch(registration.installing))
        const update = () => void registration.update().catch(() => {})
        timer = setTimeout(update, FIRST_UPDATE_CHECK_MS)
        interval = setInterval(update, UPDATE_CHECK_MS)
      })
      .catch(() => {})
    return () => {
      stopped = true
      clearTimeout(timer)
      clearInterval(interval)
    }
  }, [enabled])
  return waiting
}

/** Spec §4: the update banner restarts the app on the new version. */
function UpdateBanner({ waiting }: { waiting: ServiceWorker }) {
  const t = useT('sf-pwa')
  const restart = async () => {
    let restarting = false
    const reload = () => {
      if (restarting) return
      restarting = true
      location.reload()
    }
    navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true })
    // The version waiting now: a newer one may have replaced the one the banner was shown for
    // (a message to a replaced worker goes nowhere, and the page would never restart).
    const worker = (await navigator.serviceWorker.getRegistration())?.waiting ?? waiting
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') reload()
    })
    worker.postMessage('skip-waiting')
  }
  return (
    <section className="pwa-update" aria-label={t('update.label')}>
      <p role="status">{t('update.text')}</p>
      <Button small onClick={() => void restart()}>
        {t('update.restart')}
      </Button>
    </section>
  )
}

/**
 * Whether the cookies were accepted when the page loaded (5 s) or on it (250 ms). Read as the app
 * starts, not when the prompt first renders: the prompt waits for the shop's data, and cookies
 * accepted before the data arrived were taken for consent given at load.
 */
const CONSENT_AT_LOAD = typeof document === 'undefined' ? 'unknown' : consentState()

function InstallPrompt() {
  const t = useT('sf-pwa')
  const consent = useConsent()
  const [can, install] = useCanInstall()
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (consent !== 'given' || !can || readCookie(DISMISS_COOKIE) === 'true') return
    const delay = CONSENT_AT_LOAD === 'given' ? INSTALL_DELAY_MS : INSTALL_DELAY_AFTER_CONSENT_MS
    const timer = setTimeout(() => setOpen(true), delay)
    return () => clearTimeout(timer)
  }, [consent, can])
  const dismiss = () => {
    writeCookie(DISMISS_COOKIE, 'true', DISMISS_DAYS)
    setOpen(false)
  }
  return (
    <Dialog
      open={open}
      title={t('install.title')}
      closeLabel={t('install.later')}
      onClose={dismiss}
      footer={
        <>
          <Button variant="secondary" onClick={dismiss}>
            {t('install.later')}
          </Button>
          <Button
            icon="download"
            onClick={() => {
              setOpen(false)
              void install()
            }}
          >
            {t('install.install')}
          </Button>
        </>
      }
    >
      <p>{t('install.text')}</p>
      <p className="pwa-install__hint">{t('install.instructions')}</p>
    </Dialog>
  )
}
