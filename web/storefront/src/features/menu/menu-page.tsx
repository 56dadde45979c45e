import {
  activeMenu,
  type CartItem,
  formatPrice,
  initialAmount,
  isItemValid,
  type MenuSection,
  menuProducts,
  menuSections,
  newCartItem,
  orderableUnits,
  orderTypeOf,
  type Product,
  withOrderType,
} from '@shop/shared/domain/catalogue'
import {
  branchCard,
  branchOpenState,
  formatLocalDate,
  type NextOpening,
  WEEKDAY_NAMES,
  wallClockOf,
} from '@shop/shared/domain/scheduling'
import { buttonClass, Icon, IconButton, Notice } from '@shop/ui'
import { type CSSProperties, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import { track } from '../../lib/analytics.ts'
import { cartKey, migrateStoredCart, useCart } from '../../lib/cart-store.ts'
import { useHead } from '../../lib/head.ts'
import { type Translate, useLocale, useT } from '../../lib/i18n.tsx'
import { readSession } from '../../lib/session.ts'
import { type Branch, imageSrcSet, imageUrl, useBranch, useShop } from '../../lib/shop-data.tsx'
import { useToast } from '../../lib/toast.tsx'
import { useNow } from '../../lib/use-now.ts'
import { CartPanel } from './cart-panel.tsx'
import { CategoryBar } from './category-bar.tsx'
import {
  branchHours,
  enabledOrderTypes,
  moneyLocale,
  orderTypeToApply,
  toDomainCategory,
  toDomainMenu,
  toDomainProduct,
  unitKey,
  unitSymbol,
} from './menu-model.ts'
import { keepUnitsTogether } from './product-text.ts'
import './menu.css'

// The overlay is the heaviest part of the page and only needed after a tap: its own chunk.
const loadOverlay = () => import('./item-overlay.tsx')
const ItemOverlay = lazy(() => loadOverlay().then((m) => ({ default: m.ItemOverlay })))

/** Spec §2 "Branch menu page" (/store/{identifier}, also /kiosk/{identifier}). */
export function MenuPage() {
  const { branchIdentifier } = useParams()
  const branch = useBranch(branchIdentifier)
  const { config } = useShop()
  const t = useT('sf-menu')
  const shopTitle = String(config.title || config.shopName || '')
  useHead({
    title: branch ? `${branch.name} - ${shopTitle}` : `${t('notFound.title')} - ${shopTitle}`,
    description: branch?.description ?? undefined,
  })
  if (!branch) {
    return (
      <main id="main" className="ui-container menu-missing">
        <Notice tone="danger" live="assertive">
          <p>
            <strong>{t('notFound.title')}</strong>
          </p>
          <p>{t('notFound.text')}</p>
        </Notice>
        <Link to="/" className={buttonClass('secondary')}>
          {t('notFound.home')}
        </Link>
      </main>
    )
  }
  return <BranchMenu key={branch.identifier} branch={branch} />
}

function BranchMenu({ branch }: { branch: Branch }) {
  const t = useT('sf-menu')
  const { locale } = useLocale()
  const shop = useShop()
  const toast = useToast()
  const { pathname } = useLocation()
  const identifier = branch.identifier
  const { cart, update, add, remove } = useCart(identifier)
  // The clock of the page: open state, menus and schedules follow it.
  const now = useNow(30_000).getTime()
  const display = useMemo(
    () => ({ currency: String(shop.config.currency || 'EUR'), locale: moneyLocale(locale) }),
    [shop.config.currency, locale],
  )

  const products = useMemo(
    () => shop.products.map((p) => toDomainProduct(p as unknown as Parameters<typeof toDomainProduct>[0])),
    [shop.products],
  )
  const categories = useMemo(
    () =>
      shop.categories.map((c) => toDomainCategory(c as unknown as Parameters<typeof toDomainCategory>[0])),
    [shop.categories],
  )
  const menus = useMemo(
    () => shop.menus.map((m) => toDomainMenu(m as unknown as Parameters<typeof toDomainMenu>[0])),
    [shop.menus],
  )
  const local = wallClockOf(now, branch.timeZone)
  const minuteKey = `${local.date}T${local.time}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed once a minute, not per tick
  const menu = useMemo(() => activeMenu(menus, branch.id, new Date(now)), [menus, branch.id, minuteKey])
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed once a minute, not per tick
  const sections = useMemo(
    () => (menu ? menuSections(menu, categories, products, { date: local.date, time: local.time }) : []),
    [menu, categories, products, minuteKey],
  )

  // Spec §4 cart migration: after every data reload, items whose product changed or left
  // the menu are removed, and the customer is told which.
  const [removed, setRemoved] = useState<string[]>([])
  useEffect(() => {
    const active = menu ? menuProducts(menu, categories, products) : []
    const gone = migrateStoredCart(identifier, active)
    if (gone.length > 0) setRemoved((before) => [...before, ...gone.map((item) => item.product.name)])
  }, [identifier, menu, categories, products])

  // Spec §4 delivery method: the config's default when nothing is stored yet and the branch
  // offers it; a stored type the branch no longer offers falls back to its first.
  const orderTypes = useMemo(() => enabledOrderTypes(branch), [branch])
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per branch on arrival
  useEffect(() => {
    const stored = readSession(cartKey(identifier)) !== undefined
    const next = orderTypeToApply(orderTypeOf(cart), stored, orderTypes, shop.config.defaultDeliveryMethod)
    if (next !== null) update((c) => withOrderType(c, next))
  }, [identifier, orderTypes])

  const addItem = useCallback(
    (item: CartItem, grossCents: number | null) => {
      add(item)
      toast(t('added'))
      track('commerce', 'add-to-cart', 'cart', {
        branch: identifier,
        product: item.product.uid,
        name: item.product.name,
        amount: item.amount,
        unit: item.unit,
        price: grossCents,
      })
    },
    [add, toast, t, identifier],
  )

  const [open, setOpen] = useState<{ product: Product; orderable: boolean; reason: string | null } | null>(
    null,
  )
  const trigger = useRef<HTMLElement | null>(null)
  const openProduct = (product: Product, orderable: boolean, reason: string | null) => {
    trigger.current = document.activeElement as HTMLElement | null
    setOpen({ product, orderable, reason })
  }
  const closeOverlay = () => {
    setOpen(null)
    // The dialog leaves the page when closed; focus goes back to what opened it.
    requestAnimationFrame(() => trigger.current?.focus())
  }

  const selfService = pathname.startsWith('/kiosk/')
  const checkoutHref = `/${selfService ? 'kiosk' : 'store'}/${identifier}/checkout`

  return (
    <main id="main" className="menu-page">
      <BranchHero branch={branch} now={now} />
      <div className="ui-container menu-notices">
        <IntroNotice branch={branch} now={now} />
        {removed.length > 0 ? (
          <Notice tone="warning" live="polite" className="menu-removed">
            <p>{t('removed', { count: removed.length, names: removed.join(', ') })}</p>
            <IconButton icon="close" label={t('dismiss')} onClick={() => setRemoved([])} />
          </Notice>
        ) : null}
      </div>
      {sections.length > 1 ? <CategoryBar sections={sections} /> : null}
      <div className="ui-container menu-layout">
        <div className="menu-groups">
          {sections.length === 0 ? (
            <Notice>
              <p>{t('empty')}</p>
            </Notice>
          ) : (
            sections.map((section) => (
              <ProductGroup
                key={section.category.id}
                section={section}
                display={display}
                onOpen={openProduct}
                onQuickAdd={(product) => {
                  const item = newCartItem(product)
                  addItem(item, null)
                }}
              />
            ))
          )}
        </div>
        <CartPanel
          branch={branch}
          cart={cart}
          update={update}
          remove={remove}
          display={display}
          orderTypes={orderTypes}
          checkoutHref={checkoutHref}
        />
      </div>
      {open ? (
        <Suspense fallback={null}>
          <ItemOverlay
            product={open.product}
            orderable={open.orderable}
            reason={open.reason}
            display={display}
            branchTimeZone={branch.timeZone}
            onClose={closeOverlay}
            onAdd={(item, gross) => {
              addItem(item, gross)
              closeOverlay()
            }}
          />
        </Suspense>
      ) : null}
    </main>
  )
}

function BranchHero({ branch, now }: { branch: Branch; now: number }) {
  const t = useT('sf-menu')
  const { locale } = useLocale()
  const card = branchCard(branchHours(branch), now, { locale })
  const address = [branch.street, [branch.zipCode, branch.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  const logo = branch.logo
  return (
    <header className="menu-hero">
      <div className="ui-container menu-hero__inner">
        {logo ? (
          <img
            className="menu-hero__logo"
            src={imageUrl(logo, 'thumbnail')}
            alt=""
            width={64}
            height={64}
            decoding="async"
          />
        ) : null}
        <div className="menu-hero__text">
          <h1>{branch.name}</h1>
          <p className="menu-hero__meta">
            {address ? (
              <span>
                <Icon name="pin" />
                {address}
              </span>
            ) : null}
            <span>
              <Icon name="clock" />
              <span className={`ui-badge menu-hero__status menu-hero__status--${card.status}`}>
                {t(`scheduling:status.${card.status}`)}
              </span>
              {card.hours.text}
            </span>
          </p>
        </div>
      </div>
    </header>
  )
}

function nextText(t: Translate, next: NextOpening, todayKey: string, otherKey: string) {
  if (next.isToday) return t(todayKey, { time: next.time })
  const day = t(`scheduling:weekday.${WEEKDAY_NAMES[next.isoWeekday - 1]}`)
  return t(otherKey, { day, date: formatLocalDate(next.date), time: next.time })
}

/** Spec §2 intro notice: closed / delivery closed with the next time, and the pre-order hint. */
function IntroNotice({ branch, now }: { branch: Branch; now: number }) {
  const t = useT('sf-menu')
  const state = branchOpenState(branchHours(branch), now)
  const preorder = branch.isPreorderEnabled ? <p>{t('intro.preorder')}</p> : null
  if (!state.isOpenForOrdering) {
    const next = state.opening.nextOpening
    const closedMessage = branch.closedMessage?.trim()
    return (
      <Notice tone="warning" className="menu-intro">
        <p>
          <strong>{t('scheduling:notice.closed')}</strong>{' '}
          {next ? nextText(t, next, 'intro.nextOpeningToday', 'intro.nextOpening') : (closedMessage ?? '')}
        </p>
        {preorder}
      </Notice>
    )
  }
  if (branch.isDeliveryEnabled && !state.isDeliveryOpen) {
    const next = state.delivery.nextOpening
    const others = enabledOrderTypes(branch).filter((type) => type !== 'delivery')
    const names = others.map((type) => t(`ordering:orderType.${type}`))
    const list =
      names.length > 1 ? `${names.slice(0, -1).join(', ')} ${t('intro.and')} ${names.at(-1)}` : names[0]
    return (
      <Notice tone="info" className="menu-intro">
        <p>
          <strong>{t('scheduling:notice.noDelivery')}</strong>{' '}
          {next ? nextText(t, next, 'intro.nextDeliveryToday', 'intro.nextDelivery') : null}
        </p>
        {list ? <p>{t('intro.stillAvailable', { count: names.length, types: list })}</p> : null}
        {preorder}
      </Notice>
    )
  }
  return null
}

type Display = { currency: string; locale: ReturnType<typeof moneyLocale> }

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

function ProductGroup({
  section,
  display,
  onOpen,
  onQuickAdd,
}: {
  section: MenuSection
  display: Display
  onOpen: (product: Product, orderable: boolean, reason: string | null) => void
  onQuickAdd: (product: Product) => void
}) {
  const t = useT('sf-menu')
  const headingId = `menu-group-${section.category.id}`
  return (
    <section
      className="menu-group"
      aria-labelledby={headingId}
      data-group={section.category.id}
      style={{ '--menu-group-products': section.products.length } as CSSProperties}
    >
      <h2 id={headingId} tabIndex={-1} className="menu-group__title">
        {section.category.name}
      </h2>
      {!section.orderable && section.reason ? (
        <p className="menu-group__reason">
          <Icon name="clock" />
          {t(`product.unavailable.${section.reason}`)}
        </p>
      ) : null}
      <ul className="menu-products">
        {section.products.map(({ product, orderable, reason }) => (
          <ProductCard
            key={product.id}
            product={product}
            orderable={orderable}
            reason={reason}
            display={display}
            onOpen={() => onOpen(product, orderable, reason)}
            onAdd={() => (isQuickAdd(product) ? onQuickAdd(product) : onOpen(product, orderable, reason))}
          />
        ))}
      </ul>
    </section>
  )
}

function ProductCard({
  product,
  orderable,
  reason,
  display,
  onOpen,
  onAdd,
}: {
  product: Product
  orderable: boolean
  reason: string | null
  display: Display
  onOpen: () => void
  onAdd: () => void
}) {
  const t = useT('sf-menu')
  const image = product.images?.[0]
  const quick = isQuickAdd(product)
  const leadTime =
    product.isLeadTimeEnabled && product.leadTimeType && product.leadTimeValue
      ? t(`product.leadTime.${product.leadTimeType}`, { count: product.leadTimeValue })
      : null
  const descriptionId = `menu-product-${product.id}-desc`
  return (
    <li className="menu-product" data-unavailable={orderable ? undefined : 'true'}>
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
            {keepUnitsTogether(product.name)}
          </button>
        </h3>
        {product.description ? (
          <p className="menu-product__description" id={descriptionId}>
            {product.description}
          </p>
        ) : null}
        <p className="menu-product__meta">
          <span className="menu-product__price">{productPriceLabel(product, t, display)}</span>
          {leadTime ? <span className="ui-badge">{leadTime}</span> : null}
          {(product.config?.parts.length ?? 0) > 0 ? (
            <span className="ui-badge">{t('product.withOptions')}</span>
          ) : null}
        </p>
        {!orderable && reason ? (
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
          label={
            quick ? t('product.add', { name: product.name }) : t('product.configure', { name: product.name })
          }
          disabled={!orderable}
          onClick={onAdd}
        />
      </div>
    </li>
  )
}
