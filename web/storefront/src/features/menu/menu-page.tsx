import {
  activeMenu,
  type CartItem,
  menuProducts,
  menuSections,
  newCartItem,
  orderTypeOf,
  type Product,
  withOrderType,
} from '@shop/shared/domain/catalogue'
import { wallClockOf } from '@shop/shared/domain/scheduling'
import { buttonClass, IconButton, Notice } from '@shop/ui'
import { paths, shopPaths } from '@shop/ui/routes'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import { track } from '../../lib/analytics.ts'
import { BusyNotice, useBranchOperations } from '../../lib/branch-operations.tsx'
import { cartKey, migrateStoredCart } from '../../lib/cart-store.ts'
import { useHead } from '../../lib/head.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { LazyItemOverlay, useItemOverlay } from '../../lib/item-overlay/use-item-overlay.tsx'
import { useLiveShopData } from '../../lib/live-catalogue.ts'
import { readSession, sessionKey, writeSession } from '../../lib/session.ts'
import { type Branch, useBranch, useShop } from '../../lib/shop-data.tsx'
import { useToast } from '../../lib/toast.tsx'
import { useCart } from '../../lib/use-cart.ts'
import { useNow } from '../../lib/use-now.ts'
import { BranchHero, IntroNotice } from './branch-hero.tsx'
import { CartPanel } from './cart-panel.tsx'
import { CategoryBar } from './category-bar.tsx'
import {
  enabledOrderTypes,
  moneyLocale,
  orderTypeToApply,
  toDomainCategory,
  toDomainMenu,
  toDomainProduct,
} from './menu-model.ts'
import { ProductGroup } from './product-group.tsx'
import { tableFromLink } from './table-link.ts'
import './menu.css'

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
        <Link to={paths.home()} className={buttonClass('secondary')}>
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
  const { pathname, search } = useLocation()
  const identifier = branch.identifier
  const { cart, update, edit, add, replace, step, remove } = useCart(identifier)
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
  // Sold out at this branch and busy mode, re-read while the page is open (issue 17).
  const operations = useBranchOperations(branch.id, now)
  // A catalogue change (a new price, a product disabled) reloads the shop data at once.
  useLiveShopData()
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

  // A table's QR code (`?table=7`, printed from the back-office): dine-in at that table, for
  // the menu and the checkout's table field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per branch and link
  useEffect(() => {
    const tables = shop.tables
      .filter((table) => table.branch.id === branch.id)
      .map((table) => table.identifier)
    const table = tableFromLink(search, tables, orderTypes)
    if (table === null) return
    update((c) => withOrderType(c, 'dineIn'))
    const key = sessionKey('checkout', identifier)
    writeSession(key, { ...(readSession<Record<string, unknown>>(key) ?? {}), table })
  }, [identifier, search, orderTypes])

  const addItem = useCallback(
    (item: CartItem, grossCents: number | null) => {
      // The same product, unit and configuration again raises that line (issue 18).
      const { capped } = add(item)
      toast(capped ? t('addedCapped') : t('added'))
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

  // The item overlay: a product, or a cart line opened again to change it (issue 18).
  const overlay = useItemOverlay('.menu-cart', replace)
  const open = overlay.target
  const openProduct = (product: Product, orderable: boolean, reason: string | null) =>
    overlay.show({ product, orderable, reason })
  const editLine = (index: number) => {
    const item = cart.items[index]
    if (!item) return
    const listed = sections
      .flatMap((section) => section.products)
      .find((p) => p.product.id === item.product.id)
    const soldOut = operations.active.soldOut.has(item.product.id)
    const orderable = (listed?.orderable ?? false) && !soldOut
    overlay.show({
      product: item.product,
      orderable,
      reason: soldOut ? 'soldOut' : (listed?.reason ?? null),
      line: { index, item },
    })
  }

  const selfService = pathname.startsWith('/kiosk/')
  const checkoutHref = shopPaths(selfService).checkout(identifier)

  return (
    <main id="main" className="menu-page">
      <BranchHero branch={branch} now={now} />
      <div className="ui-container menu-notices">
        <IntroNotice branch={branch} now={now} />
        <BusyNotice branch={branch} active={operations.active} orderType={orderTypeOf(cart)} now={now} />
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
                soldOut={operations.active.soldOut}
                today={local.date}
                timeZone={branch.timeZone}
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
          edit={edit}
          remove={remove}
          step={step}
          onEdit={editLine}
          display={display}
          orderTypes={orderTypes}
          checkoutHref={checkoutHref}
        />
      </div>
      {open ? (
        <LazyItemOverlay
          product={open.product}
          orderable={open.orderable}
          reason={open.reason}
          initial={open.line?.item}
          display={display}
          branchTimeZone={branch.timeZone}
          onClose={() => overlay.close()}
          onAdd={(item, gross) => {
            const line = open.line
            if (line) {
              overlay.saveLine(line.index, item)
              return
            }
            addItem(item, gross)
            overlay.close()
          }}
        />
      ) : null}
    </main>
  )
}
