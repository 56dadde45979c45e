import {
  type Cart,
  type CartItem,
  cartCount,
  cartSummary,
  chosenOptions,
  type DeliveryArea,
  deliveryAreaKey,
  formatPrice,
  freeDeliveryHint,
  itemPriceLabel,
  type OrderType,
  type StepDirection,
  withOrderType,
} from '@shop/shared/domain/catalogue'
import { formatMoney } from '@shop/shared/domain/common'
import { Button, buttonClass, Icon, IconButton, Notice } from '@shop/ui'
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { Link } from 'react-router'
import { CartLineControls, focusLineAfterRemoval } from '../../lib/cart-line-controls.tsx'
import { lineKeys } from '../../lib/cart-store.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { keepUnitsTogether, localName, localPartLabels } from '../../lib/product-text.ts'
import type { Branch } from '../../lib/shop-data.tsx'
import type { Display } from './menu-model.ts'

const WIDE = '(min-width: 960px)'

function useWide(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(WIDE)
      query.addEventListener('change', listener)
      return () => query.removeEventListener('change', listener)
    },
    () => window.matchMedia(WIDE).matches,
    () => false,
  )
}

/** What was chosen for each part, one short line per filled part (in the page's language). */
function partLines(item: CartItem, locale: string): string[] {
  const parts = item.product.config?.parts ?? []
  const lines: string[] = []
  parts.forEach((part, index) => {
    const entry = item.parts[index]
    if (!entry) return
    const chosen = chosenOptions(part, entry)
    const labels = localPartLabels(item.product, index, locale)
    if (chosen.length > 0) lines.push(`${labels.name}: ${chosen.map(labels.option).join(', ')}`)
    else if (entry.text.trim() !== '') lines.push(`${labels.name}: ${entry.text.trim()}`)
    else if (entry.uploads.length > 0) lines.push(`${labels.name}: ${entry.uploads.length} ✓`)
  })
  return lines
}

/**
 * The cart (spec §2, §4, §9): a bottom bar that opens into a sheet on phones, a sticky side
 * column on wide screens. It cannot open while empty and closes when the last item goes.
 */
export function CartPanel({
  branch,
  cart,
  update,
  edit,
  remove,
  step,
  onEdit,
  display,
  orderTypes,
  checkoutHref,
}: {
  branch: Branch
  cart: Cart
  update: (change: (cart: Cart) => Cart) => Cart
  edit: (recipe: (draft: Cart) => void) => Cart
  remove: (index: number) => void
  /** One − or + on a line (issue 18). */
  step: (index: number, direction: StepDirection) => void
  /** Opens a configured line again in the item overlay. */
  onEdit: (index: number) => void
  display: Display
  orderTypes: readonly OrderType[]
  checkoutHref: string
}) {
  const t = useT('sf-menu')
  const { locale } = useLocale()
  const wide = useWide()
  const [expanded, setExpanded] = useState(false)
  const empty = cart.items.length === 0
  useEffect(() => {
    if (empty) setExpanded(false)
  }, [empty])
  useEffect(() => {
    if (!expanded || wide) return
    const onKey = (event: KeyboardEvent) => {
      // Not while a dialog over the sheet (a line opened again) takes its own Escape.
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) setExpanded(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [expanded, wide])

  const areas = (branch.deliveryAreas ?? []) as DeliveryArea[]
  const summary = cartSummary(cart, areas)
  const count = cartCount(cart.items)
  const totalModel = summary.totalPrefix === 'ca.' ? 'approximate' : 'fixed'
  const total = formatPrice(summary.pricing.totalGross, totalModel, display)
  const freeHint = freeDeliveryHint(summary.deliveryArea, summary.orderType, display)
  const minimum = summary.minimumOrder
  const titleId = useId()
  const bodyId = useId()
  const countText = t('cart.count', { count })
  const open = wide || expanded
  const toggleRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const reasonId = useId()
  const keys = lineKeys(cart.items)
  // After a removal the focus goes to the line now in its place (not lost to the page).
  const [removedAt, setRemovedAt] = useState<number | null>(null)
  useEffect(() => {
    if (removedAt === null) return
    setRemovedAt(null)
    if (!focusLineAfterRemoval(listRef.current, removedAt)) toggleRef.current?.focus()
  }, [removedAt])

  // Wide screens: the sticky column fits the window from wherever it starts (below the hero
  // until the page has scrolled it to its sticky place), so the total and 'Zur Kasse' stay in
  // view and the items scroll inside. Reads one rect per frame while scrolling, writes only
  // when the top moved.
  useEffect(() => {
    const panel = panelRef.current
    if (!wide || !panel) return
    let frame = 0
    let last = Number.NaN
    const measure = () => {
      frame = 0
      const top = Math.max(0, Math.round(panel.getBoundingClientRect().top))
      if (top === last) return
      last = top
      panel.style.setProperty('--menu-cart-top', `${top}px`)
    }
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure)
    }
    measure()
    const resize = new ResizeObserver(schedule)
    resize.observe(document.body)
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule, { passive: true })
    return () => {
      resize.disconnect()
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      if (frame !== 0) cancelAnimationFrame(frame)
      panel.style.removeProperty('--menu-cart-top')
    }
  }, [wide])

  const minimumMissing = !empty && minimum !== null && !minimum.reached
  // Why 'Zur Kasse' is greyed out, beside it on the phone's bar too (issue 18): the button stays
  // focusable (aria-disabled) and is described by the reason; a tap opens the cart with the details.
  const checkout =
    summary.blockReason === null ? (
      <Link to={checkoutHref} className={buttonClass('primary', { block: wide })}>
        {t('cart.checkout')}
      </Link>
    ) : (
      <Button
        block={wide}
        aria-disabled="true"
        aria-describedby={minimumMissing ? reasonId : undefined}
        className="menu-cart__checkout-blocked"
        onClick={() => {
          if (!wide && !empty) setExpanded(true)
        }}
      >
        {t('cart.checkout')}
      </Button>
    )
  const barReason =
    minimumMissing && minimum ? (
      <p id={reasonId} className="menu-cart__bar-reason">
        {t('cart.minimumShort', {
          amount: formatMoney(minimum.minimum, display.currency, display.locale),
          rest: formatMoney(minimum.missing, display.currency, display.locale),
        })}
      </p>
    ) : null

  return (
    <aside
      className="menu-cart"
      aria-labelledby={titleId}
      data-expanded={open ? 'true' : 'false'}
      data-wide={wide ? 'true' : 'false'}
    >
      {!wide && expanded ? (
        <div className="menu-cart__scrim" aria-hidden="true" onClick={() => setExpanded(false)} />
      ) : null}
      <div ref={panelRef} className="menu-cart__panel">
        {wide ? (
          <div className="menu-cart__head">
            <h2 id={titleId}>{t('cart.title')}</h2>
            <span className="menu-cart__count" data-testid="cart-count">
              <span aria-hidden="true">{count}</span>
              <span className="ui-visually-hidden">{countText}</span>
            </span>
          </div>
        ) : (
          <div className="menu-cart__bar">
            <button
              ref={toggleRef}
              type="button"
              className="menu-cart__toggle"
              aria-expanded={expanded}
              aria-controls={bodyId}
              disabled={empty}
              onClick={() => setExpanded((value) => !value)}
            >
              <span className="menu-cart__icon">
                <Icon name="cart" />
                <span className="menu-cart__count" data-testid="cart-count">
                  <span aria-hidden="true">{count}</span>
                </span>
              </span>
              <span className="menu-cart__label">
                <span id={titleId}>{t('cart.title')}</span>
                <span className="ui-visually-hidden">, {countText}</span>
                <span className="menu-cart__total-small">{empty ? t('cart.empty') : total}</span>
              </span>
              {empty ? null : <Icon name="chevronDown" className="ui-icon menu-cart__chevron" />}
              <span className="ui-visually-hidden">{expanded ? t('cart.hide') : t('cart.show')}</span>
            </button>
            {empty ? null : checkout}
            {empty ? null : barReason}
          </div>
        )}
        <div id={bodyId} className="menu-cart__body" hidden={!open}>
          {empty ? (
            <div className="menu-cart__empty">
              <Icon name="bag" />
              <p>
                <strong>{t('cart.empty')}</strong>
              </p>
              <p>{t('cart.emptyHint')}</p>
            </div>
          ) : (
            // The scroller (wide screens) is anchored at its end: the newest items stay in view.
            <div className="menu-cart__scroller">
              <ul ref={listRef} className="menu-cart__items">
                {cart.items.map((item, index) => (
                  <li key={keys[index]} className="menu-cart__item">
                    <div className="menu-cart__item-text">
                      <p className="menu-cart__item-name">
                        {keepUnitsTogether(localName(item.product, locale))}
                      </p>
                      {partLines(item, locale).map((line) => (
                        <p key={line} className="menu-cart__item-part">
                          {line}
                        </p>
                      ))}
                    </div>
                    <p className="menu-cart__item-price">
                      {itemPriceLabel(item, display) ?? t('cart.priceOnRequest')}
                    </p>
                    <CartLineControls
                      item={item}
                      index={index}
                      amountClassName="menu-cart__item-amount"
                      onStep={(direction) => step(index, direction)}
                      onRemove={() => {
                        remove(index)
                        setRemovedAt(index)
                      }}
                      onEdit={(item.product.config?.parts ?? []).length > 0 ? () => onEdit(index) : undefined}
                    />
                  </li>
                ))}
              </ul>
            </div>
          )}

          {orderTypes.length > 1 ? (
            <fieldset className="menu-cart__types">
              <legend>{t('cart.orderType')}</legend>
              <div className="menu-cart__type-list">
                {orderTypes.map((type) => (
                  <label key={type} className="menu-cart__type">
                    <input
                      type="radio"
                      name={`order-type-${branch.identifier}`}
                      value={type}
                      checked={summary.orderType === type}
                      onChange={() => update((c) => withOrderType(c, type))}
                    />
                    <Icon name={type === 'delivery' ? 'bike' : type === 'dineIn' ? 'table' : 'bag'} />
                    <span>{t(`ordering:orderType.${type}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}

          {summary.orderType === 'delivery' && areas.length > 0 ? (
            <div className="ui-field menu-cart__area">
              <label className="ui-field__label" htmlFor={`${bodyId}-area`}>
                {t('cart.deliveryArea')}
              </label>
              <select
                id={`${bodyId}-area`}
                className="ui-select"
                value={summary.deliveryArea ? deliveryAreaKey(summary.deliveryArea) : ''}
                onChange={(event) => {
                  const key = event.target.value
                  edit((c) => {
                    c.deliveryArea = key
                  })
                }}
              >
                {areas.map((area) => (
                  <option key={deliveryAreaKey(area)} value={deliveryAreaKey(area)}>
                    {t('cart.areaOption', {
                      area: area.area,
                      price: area.free
                        ? t('cart.free')
                        : formatMoney(area.price, display.currency, display.locale),
                    })}
                  </option>
                ))}
              </select>
            </div>
          ) : null}

          {empty ? null : (
            <dl className="menu-cart__totals">
              {summary.orderType === 'delivery' ? (
                <>
                  <div>
                    <dt>{t('cart.subtotal')}</dt>
                    <dd>{formatPrice(summary.pricing.gross, totalModel, display)}</dd>
                  </div>
                  <div>
                    <dt>{t('cart.deliveryFee')}</dt>
                    <dd>
                      {summary.pricing.deliveryGross === 0
                        ? t('cart.free')
                        : formatMoney(summary.pricing.deliveryGross, display.currency, display.locale)}
                    </dd>
                  </div>
                </>
              ) : null}
              <div className="menu-cart__total">
                <dt>{t('cart.total')}</dt>
                <dd data-testid="cart-total">{total}</dd>
              </div>
            </dl>
          )}

          <div aria-live="polite" className="menu-cart__messages">
            {!empty && summary.hasHiddenPrices ? (
              <Notice>
                <p>{t('cart.hiddenPrices')}</p>
              </Notice>
            ) : null}
            {minimumMissing && minimum ? (
              <Notice tone="warning">
                <div id={wide ? reasonId : undefined}>
                  <p>
                    {t('cart.minimumValue', {
                      amount: formatMoney(minimum.minimum, display.currency, display.locale),
                    })}
                  </p>
                  <p>
                    {t('cart.minimumRest', {
                      rest: formatMoney(minimum.missing, display.currency, display.locale),
                    })}
                  </p>
                </div>
              </Notice>
            ) : null}
            {freeHint && summary.deliveryArea?.freeFromOrderValue ? (
              <p className="menu-cart__hint">
                <Icon name="bike" />
                {t('cart.freeDelivery', {
                  amount: formatMoney(
                    summary.deliveryArea.freeFromOrderValue,
                    display.currency,
                    display.locale,
                  ),
                })}
              </p>
            ) : null}
          </div>

          {wide ? <div className="menu-cart__cta">{checkout}</div> : null}
        </div>
        {!wide && expanded ? (
          <div className="menu-cart__sheet-head">
            <h2 className="menu-cart__sheet-title">{t('cart.title')}</h2>
            <IconButton
              icon="close"
              className="menu-cart__close"
              label={t('cart.close')}
              onClick={() => {
                setExpanded(false)
                toggleRef.current?.focus()
              }}
            />
          </div>
        ) : null}
      </div>
    </aside>
  )
}
