import { paths } from '@shop/ui/routes'
import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { forgetCarts } from '../lib/cart-store.ts'
import { useT } from '../lib/i18n.tsx'
import { clearSessionData } from '../lib/session.ts'
import { useShopData } from '../lib/shop-data.tsx'

/** After this long without a touch, the kiosk shows its tap-to-order screensaver. */
export const KIOSK_IDLE_MS = 90_000

const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const

/**
 * The self-service kiosk (spec §1, §4): a tap-to-order screensaver after inactivity, and the
 * stored order data reset after each order (as soon as the status page shows), so the next
 * customer starts clean. A tap on the screensaver starts a new order at the branch's menu.
 */
export function Kiosk() {
  const t = useT('sf-kiosk')
  const { data } = useShopData()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const [idle, setIdle] = useState(false)
  const branchIdentifier = /^\/kiosk\/([^/]+)/.exec(pathname)?.[1]
  const onStatus = /^\/kiosk\/[^/]+\/status\//.test(pathname)

  useEffect(() => {
    if (onStatus) {
      clearSessionData()
      forgetCarts()
    }
  }, [onStatus])

  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), KIOSK_IDLE_MS)
    const active = () => {
      clearTimeout(timer)
      timer = setTimeout(() => setIdle(true), KIOSK_IDLE_MS)
    }
    for (const type of ACTIVITY) addEventListener(type, active, { passive: true })
    return () => {
      clearTimeout(timer)
      for (const type of ACTIVITY) removeEventListener(type, active)
    }
  }, [])

  if (!idle || !branchIdentifier) return null
  const start = () => {
    setIdle(false)
    clearSessionData()
    forgetCarts()
    navigate(paths.kiosk.store(branchIdentifier))
  }
  return (
    <button type="button" className="kiosk-screensaver" onClick={start}>
      <span className="kiosk-screensaver__name">{String(data?.config.shopName ?? '')}</span>
      <span className="kiosk-screensaver__cta">{t('tapToOrder')}</span>
    </button>
  )
}
