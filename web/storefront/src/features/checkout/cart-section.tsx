import {
  type Cart,
  type CartSummary,
  type DeliveryArea,
  itemPriceLabel,
  type OrderType,
  type StepDirection,
} from '@shop/shared/domain/catalogue'
import { buttonClass, Icon, Notice } from '@shop/ui'
import type { Ref } from 'react'
import { Link } from 'react-router'
import { moneyLocale } from '../../lib/amount-format.ts'
import { CartLineControls } from '../../lib/cart-line-controls.tsx'
import { lineKeys } from '../../lib/cart-store.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { keepUnitsTogether, localName } from '../../lib/product-text.ts'
import { Section } from './checkout-fields.tsx'
import { money, partsLabel } from './checkout-format.ts'

/**
 * "Warenkorb" beside the form: the items (− / + within the product's limits, removable, a configured one opened again in the
 * item overlay with "Ändern"), the totals with the delivery fee
 * and the cash rounding, the minimum order still missing and where free delivery starts.
 */
export function CartSection({
  cart,
  summary,
  currency,
  orderType,
  area,
  cashRounding,
  menuPath,
  headingRef,
  onRemove,
  onStep,
  onEdit,
}: {
  cart: Cart
  summary: CartSummary
  currency: string
  orderType: OrderType | null
  area: DeliveryArea | null
  /** What paying in cash rounds the total by (0 otherwise). */
  cashRounding: number
  /** The branch's menu (back to it from an empty cart). */
  menuPath: string
  headingRef: Ref<HTMLHeadingElement>
  onRemove: (index: number, name: string) => void
  /** One − or + on a line (issue 18). */
  onStep: (index: number, direction: StepDirection) => void
  /** Opens a configured line again in the item overlay (issue 18). */
  onEdit: (index: number) => void
}) {
  const t = useT('sf-checkout')
  const { locale } = useLocale()
  const keys = lineKeys(cart.items)
  const minimum = summary.minimumOrder
  const minimumMissing = minimum !== null && !minimum.reached
  const freeDeliveryFrom =
    orderType === 'delivery' && area && !area.free && (area.freeFromOrderValue ?? 0) > 0
      ? area.freeFromOrderValue
      : null
  const totalPrefix = summary.totalPrefix ? `${summary.totalPrefix} ` : ''
  return (
    <Section id="checkout-cart" title={t('cart.heading')} icon="cart" headingRef={headingRef}>
      {cart.items.length === 0 ? (
        <div className="checkout-cart__empty">
          <p>{t('cart.empty')}</p>
          <Link className={buttonClass('secondary', { small: true })} to={menuPath}>
            {t('cart.backToMenu')}
          </Link>
        </div>
      ) : (
        <ul className="checkout-cart__items">
          {cart.items.map((item, index) => {
            const price = itemPriceLabel(item, { currency, locale: moneyLocale(locale) })
            const details = partsLabel(item, locale)
            return (
              <li key={keys[index]} className="checkout-cart__item">
                <span className="checkout-cart__name">
                  {keepUnitsTogether(localName(item.product, locale))}
                  {details ? <span className="checkout-cart__details">{details}</span> : null}
                </span>
                <span className="checkout-cart__price">{price ?? t('cart.priceHidden')}</span>
                <CartLineControls
                  item={item}
                  index={index}
                  amountClassName="checkout-cart__amount"
                  onStep={(direction) => onStep(index, direction)}
                  onRemove={() => onRemove(index, localName(item.product, locale))}
                  onEdit={(item.product.config?.parts ?? []).length > 0 ? () => onEdit(index) : undefined}
                />
              </li>
            )
          })}
        </ul>
      )}
      {cart.items.length > 0 ? (
        <dl className="checkout-cart__totals">
          <div>
            <dt>{t('cart.subtotal')}</dt>
            <dd>
              {totalPrefix}
              {money(summary.pricing.gross, currency, locale)}
            </dd>
          </div>
          {orderType === 'delivery' ? (
            <div>
              <dt>{t('cart.delivery')}</dt>
              <dd>
                {summary.pricing.deliveryGross === 0
                  ? t('cart.free')
                  : money(summary.pricing.deliveryGross, currency, locale)}
              </dd>
            </div>
          ) : null}
          {cashRounding !== 0 ? (
            <div data-testid="checkout-cash-rounding">
              <dt>{t('cart.cashRounding')}</dt>
              <dd>{money(cashRounding, currency, locale)}</dd>
            </div>
          ) : null}
          <div className="checkout-cart__total">
            <dt>{t('cart.total')}</dt>
            <dd data-testid="checkout-total">
              {totalPrefix}
              {money(summary.pricing.totalGross + cashRounding, currency, locale)}
            </dd>
          </div>
          <div className="checkout-cart__tax">
            <dt className="ui-visually-hidden">{t('cart.total')}</dt>
            <dd>{t('cart.taxIncluded', { amount: money(summary.pricing.totalTax, currency, locale) })}</dd>
          </div>
        </dl>
      ) : null}
      {summary.hasHiddenPrices ? (
        <Notice>
          <p>{t('cart.hiddenPrices')}</p>
        </Notice>
      ) : null}
      <div id="checkout-minimum" className="checkout-live" aria-live="polite">
        {minimumMissing && minimum ? (
          <Notice tone="warning">
            <p>{t('cart.minimumValue', { amount: money(minimum.minimum, currency, locale) })}</p>
            <p>{t('cart.minimumRest', { rest: money(minimum.missing, currency, locale) })}</p>
          </Notice>
        ) : null}
      </div>
      {freeDeliveryFrom !== null && !minimumMissing ? (
        <p className="checkout-cart__free">
          <Icon name="bike" /> {t('cart.freeDelivery', { amount: money(freeDeliveryFrom, currency, locale) })}
        </p>
      ) : null}
    </Section>
  )
}
