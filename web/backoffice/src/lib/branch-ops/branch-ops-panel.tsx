import { Button, Dialog, Icon, Notice, Spinner } from '@shop/ui'
import { useEffect, useId, useMemo, useState } from 'react'
import { useLocale, useT } from '../i18n.tsx'
import type { BranchOpsAccess } from './branch-ops-api.ts'
import {
  activeMenuProducts,
  inForce,
  type MenuProduct,
  searchProducts,
  untilText,
} from './branch-ops-model.ts'
import { BusyModeControl } from './busy-mode-control.tsx'
import { SoldOutToggle } from './sold-out-toggle.tsx'
import { useBranchOps, useClock } from './use-branch-ops.ts'
import './branch-ops.css'

/** How many search results are listed at once (the rest: "search more precisely"). */
const MAX_RESULTS = 12

export type BranchOpsPanelProps = {
  /** The branch and how to reach the server (a staff session, or the frontdesk key). */
  access: BranchOpsAccess
}

/** The active menu's products of the branch (public reads), for the search. */
function useMenuProducts(access: BranchOpsAccess, now: number) {
  const ops = useBranchOps(access)
  const [state, setState] = useState<{ products?: MenuProduct[]; failed: boolean }>({ failed: false })
  // The menu in force changes rarely: read once per opening, computed again each hour.
  const hour = Math.floor(now / 3_600_000)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per branch and hour
  useEffect(() => {
    let stopped = false
    const { api } = ops
    Promise.all([
      api.read<Parameters<typeof activeMenuProducts>[0]>(
        `/branches/${encodeURIComponent(api.branchId)}/menus`,
      ),
      api.read<Parameters<typeof activeMenuProducts>[1]>('/products'),
    ])
      .then(([menus, products]) => {
        if (!stopped)
          setState({ products: activeMenuProducts(menus, products, api.branchId, Date.now()), failed: false })
      })
      .catch(() => {
        if (!stopped) setState({ failed: true })
      })
    return () => {
      stopped = true
    }
  }, [ops.api, hour])
  return state
}

/**
 * The branch's operations in one place (the frontdesk board's "Betrieb"): busy mode, what is
 * sold out now with "Wieder verfügbar", and a search over the active menu to mark any product
 * sold out.
 */
export function BranchOpsPanel({ access }: BranchOpsPanelProps) {
  const t = useT('bo-branch-ops')
  const ops = useBranchOps(access)
  // Re-rendered by the clock's tick; each render reads the time afresh (a write's answer too).
  useClock()
  const now = Date.now()
  const menu = useMenuProducts(access, now)
  const [query, setQuery] = useState('')
  const searchId = useId()
  const soldOutId = useId()
  const searchHeadingId = useId()
  const { soldOut } = inForce(ops.view, now)
  const found = useMemo(() => searchProducts(menu.products ?? [], query), [menu.products, query])
  const shown = query.trim() === '' ? [] : found.slice(0, MAX_RESULTS)

  return (
    <div className="bo-branch-ops" data-loaded={ops.view ? 'true' : 'false'}>
      {ops.failed && !ops.view ? (
        <Notice tone="danger" live="assertive">
          <p>{t('panel.failedToLoad')}</p>
        </Notice>
      ) : null}
      <BusyModeControl access={access} />

      <section className="bo-branch-ops__section" aria-labelledby={soldOutId}>
        <h3 id={soldOutId} className="bo-busy__heading">
          {t('panel.soldOutNow')}
        </h3>
        {soldOut.length === 0 ? (
          <p className="bo-branch-ops__empty">{t('panel.soldOutNone')}</p>
        ) : (
          <ul className="bo-branch-ops__list" aria-labelledby={soldOutId}>
            {soldOut.map((entry) => (
              <li key={entry.product.id} className="bo-branch-ops__item">
                <span className="bo-branch-ops__name">
                  {entry.product.name ?? entry.product.uid ?? entry.product.id}
                </span>
                <SoldOutToggle
                  access={access}
                  product={{ id: entry.product.id, name: entry.product.name ?? entry.product.id }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="bo-branch-ops__section" aria-labelledby={searchHeadingId}>
        <h3 id={searchHeadingId} className="bo-busy__heading">
          {t('panel.searchHeading')}
        </h3>
        <label className="bo-branch-ops__search" htmlFor={searchId}>
          <Icon name="search" />
          <span className="ui-visually-hidden">{t('panel.search')}</span>
          <input
            id={searchId}
            type="search"
            placeholder={t('panel.search')}
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        {menu.failed ? (
          <p className="bo-branch-ops__error" role="alert">
            {t('panel.menuFailed')}
          </p>
        ) : !menu.products ? (
          <Spinner label={t('panel.loading')} />
        ) : query.trim() === '' ? null : shown.length === 0 ? (
          <p className="bo-branch-ops__empty" role="status">
            {t('panel.noMatch')}
          </p>
        ) : (
          <>
            <ul className="bo-branch-ops__list" aria-label={t('panel.search')}>
              {shown.map((product) => (
                <li key={product.id} className="bo-branch-ops__item">
                  <span className="bo-branch-ops__name">{product.name}</span>
                  <SoldOutToggle access={access} product={product} />
                </li>
              ))}
            </ul>
            {found.length > shown.length ? (
              <p className="bo-branch-ops__empty" role="status">
                {t('panel.more', { count: found.length - shown.length })}
              </p>
            ) : null}
          </>
        )}
      </section>
    </div>
  )
}

/**
 * The board's entry to the panel: a "Betrieb" button that says what is in force (paused until,
 * extra time, how many products are sold out) and opens the panel in a dialog. The frontdesk
 * board shows it in its header (the app passes it in: features do not import each other).
 */
export function BranchOpsBoardEntry({ access }: BranchOpsPanelProps) {
  const t = useT('bo-branch-ops')
  const { locale } = useLocale()
  const ops = useBranchOps(access)
  // Re-rendered by the clock's tick; each render reads the time afresh (a write's answer too).
  useClock()
  const now = Date.now()
  const [open, setOpen] = useState(false)
  const { soldOut, pause, preparation } = inForce(ops.view, now)
  const status = [
    pause
      ? t('panel.statusPaused', { when: untilText(Date.parse(pause.until), now, ops.timeZone, locale) })
      : null,
    preparation ? t('panel.statusExtra', { minutes: preparation.extraMinutes }) : null,
    soldOut.length > 0 ? t('panel.statusSoldOut', { count: soldOut.length }) : null,
  ].filter((s): s is string => s !== null)
  return (
    <>
      <Button
        small
        variant={pause ? 'danger' : 'secondary'}
        icon="clock"
        className="bo-branch-ops__open"
        aria-haspopup="dialog"
        data-paused={pause ? 'true' : 'false'}
        onClick={() => setOpen(true)}
      >
        {t('panel.open')}
        {status.length > 0 ? <span className="bo-branch-ops__status">{status.join(' · ')}</span> : null}
      </Button>
      <Dialog
        open={open}
        title={t('panel.title')}
        closeLabel={t('panel.close')}
        onClose={() => setOpen(false)}
        className="bo-branch-ops__dialog"
      >
        <BranchOpsPanel access={access} />
      </Dialog>
    </>
  )
}
