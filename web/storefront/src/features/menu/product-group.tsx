import {
  formatPrice,
  initialAmount,
  isItemValid,
  type MenuSection,
  newCartItem,
  orderableUnits,
  type Product,
} from '@shop/shared/domain/catalogue'
import { localDateOf } from '@shop/shared/domain/scheduling'
import { Icon, IconButton } from '@shop/ui'
import type { CSSProperties } from 'react'
import { type Translate, useLocale, useT } from '../../lib/i18n.tsx'
import { loadOverlay } from '../../lib/item-overlay/load-item-overlay.ts'
import {
  keepUnitsTogether,
  localDescription,
  localName,
  unitKey,
  unitSymbol,
} from '../../lib/product-text.ts'
import { imageSrcSet, imageUrl } from '../../lib/shop-data.tsx'
import type { Display } from './menu-model.ts'

/** The card's price: per unit, with the pricing model's prefix ('ca.', 'ab'); hidden on request. */
export function productPriceLabel(product: Product, t: Translate, display: Display): string {
  if (product.isPriceHidden) return t('product.priceOnRequest')
  const price = formatPrice(product.price, product.calculationModel, display)
  if (product.unit === 'piece') return price
  const symbol = unitSymbol(product.unit)
  const key = unitKey(product.unit)
  return t('product.perUnit', { price, unit: symbol ?? t(key ?? '', { count: 1 }) })
}

/** A product the add button can put in the cart as it is (nothing to choose). */
function isQuickAdd(product: Product): boolean {
  return (
    (product.config?.parts.length ?? 0) === 0 &&
    orderableUnits(product).length === 1 &&
    isItemValid(newCartItem(product)) &&
    initialAmount(product).amount > 0
  )
}

/** When a sold-out product is back, in the branch's zone: weekday, date and time. */
function backOn(until: number, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(until)
}

/** One category of the menu with its products (off-screen groups skip layout and paint). */
export function ProductGroup({
  section,
  soldOut,
  today,
  timeZone,
  display,
  onOpen,
  onQuickAdd,
}: {
  section: MenuSection
  /** Products sold out at this branch now (id → until when, epoch ms): shown greyed, never hidden. */
  soldOut: ReadonlyMap<string, number>
  /** Today in the branch's zone ('YYYY-MM-DD'): a product back on another day says when. */
  today: string
  timeZone: string
  display: Display
  onOpen: (product: Product, orderable: boolean, reason: string | null) => void
  onQuickAdd: (product: Product) => void
}) {
  const t = useT('sf-menu')
  const { locale } = useLocale()
  const headingId = `menu-group-${section.category.id}`
  return (
    <section
      className="menu-group"
      aria-labelledby={headingId}
      data-group={section.category.id}
      style={{ '--menu-group-products': section.products.length } as CSSProperties}
    >
      <h2 id={headingId} tabIndex={-1} className="menu-group__title">
        {localName(section.category, locale)}
      </h2>
      {!section.orderable && section.reason ? (
        <p className="menu-group__reason">
          <Icon name="clock" />
          {t(`product.unavailable.${section.reason}`)}
        </p>
      ) : null}
      <ul className="menu-products">
        {section.products.map(({ product, orderable, reason }) => {
          const soldOutUntil = soldOut.get(product.id) ?? null
          // Sold out at this branch: greyed with a badge, not orderable until it is back.
          const canOrder = orderable && soldOutUntil === null
          const why = soldOutUntil !== null && orderable ? 'soldOut' : reason
          return (
            <ProductCard
              key={product.id}
              product={product}
              orderable={canOrder}
              reason={why}
              soldOutUntil={soldOutUntil}
              backOnAnotherDay={soldOutUntil !== null && localDateOf(soldOutUntil, timeZone) !== today}
              timeZone={timeZone}
              display={display}
              onOpen={() => onOpen(product, canOrder, why)}
              onAdd={() => (isQuickAdd(product) ? onQuickAdd(product) : onOpen(product, canOrder, why))}
            />
          )
        })}
      </ul>
    </section>
  )
}

/** A product of the menu: opens the item overlay, or adds it straight away when there is nothing to choose. */
function ProductCard({
  product,
  orderable,
  reason,
  soldOutUntil,
  backOnAnotherDay,
  timeZone,
  display,
  onOpen,
  onAdd,
}: {
  product: Product
  orderable: boolean
  reason: string | null
  soldOutUntil: number | null
  backOnAnotherDay: boolean
  timeZone: string
  display: Display
  onOpen: () => void
  onAdd: () => void
}) {
  const t = useT('sf-menu')
  const { locale } = useLocale()
  const image = product.images?.[0]
  const quick = isQuickAdd(product)
  const name = localName(product, locale)
  const description = localDescription(product, locale)
  const leadTime =
    product.isLeadTimeEnabled && product.leadTimeType && product.leadTimeValue
      ? t(`product.leadTime.${product.leadTimeType}`, { count: product.leadTimeValue })
      : null
  const descriptionId = `menu-product-${product.id}-desc`
  return (
    <li
      className="menu-product"
      data-unavailable={orderable ? undefined : 'true'}
      data-sold-out={soldOutUntil === null ? undefined : 'true'}
    >
      <div className="menu-product__body">
        <h3 className="menu-product__name">
          <button
            type="button"
            className="menu-product__open"
            onClick={onOpen}
            onPointerEnter={() => void loadOverlay()}
            onFocus={() => void loadOverlay()}
            aria-describedby={descriptionId}
          >
            {keepUnitsTogether(name)}
          </button>
        </h3>
        {description ? (
          <p className="menu-product__description" id={descriptionId}>
            {description}
          </p>
        ) : null}
        <p className="menu-product__meta">
          {soldOutUntil !== null ? (
            <span className="ui-badge menu-product__sold-out">{t('product.soldOut')}</span>
          ) : null}
          <span className="menu-product__price">{productPriceLabel(product, t, display)}</span>
          {leadTime ? <span className="ui-badge">{leadTime}</span> : null}
          {(product.config?.parts.length ?? 0) > 0 ? (
            <span className="ui-badge">{t('product.withOptions')}</span>
          ) : null}
        </p>
        {soldOutUntil !== null && backOnAnotherDay ? (
          <p className="menu-product__reason">
            <Icon name="clock" />
            {t('product.backOn', { when: backOn(soldOutUntil, timeZone, locale) })}
          </p>
        ) : !orderable && reason && reason !== 'soldOut' ? (
          <p className="menu-product__reason">
            <Icon name="clock" />
            {t(`product.unavailable.${reason}`)}
          </p>
        ) : null}
      </div>
      <div className="menu-product__side">
        {image ? (
          <img
            className="menu-product__image"
            src={imageUrl(image, 'tiny')}
            srcSet={imageSrcSet(image)}
            sizes="112px"
            alt=""
            width={112}
            height={112}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="menu-product__image menu-product__image--empty" aria-hidden="true" />
        )}
        <IconButton
          icon="plus"
          className="menu-product__add"
          label={quick ? t('product.add', { name }) : t('product.configure', { name })}
          disabled={!orderable}
          onClick={onAdd}
        />
      </div>
    </li>
  )
}
