import {
  type Cart,
  type CartSummary,
  type DeliveryArea,
  itemPriceLabel,
  type OrderType,
} from '@shop/shared/domain/catalogue'
import { buttonClass, Icon, Notice } from '@shop/ui'
import type { Ref } from 'react'
import { Link } from 'react-router'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { amountLabel, keepUnitsTogether } from '../../lib/product-text.ts'
import { Section } from './checkout-fields.tsx'
import { money, partsLabel } from './checkout-format.ts'

/**
 * "Warenkorb" beside the form: the items (each removable), the totals with the delivery fee
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
}) {
  const t = useT('sf-checkout')
  const { locale } = useLocale()
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
            const price = itemPriceLabel(item, { currency })
            const details = partsLabel(item)
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: cart items have no id; removal is by index
              <li key={`${item.product.id}-${index}`} className="checkout-cart__item">
                <span className="checkout-cart__name">
                  {keepUnitsTogether(item.product.name)}
                  <span className="checkout-cart__amount">
                    {amountLabel(t, item.amount, item.unit, locale)}
                  </span>
                  {details ? <span className="checkout-cart__details">{details}</span> : null}
                </span>
                <span className="checkout-cart__price">{price ?? t('cart.priceHidden')}</span>
                <button
                  type="button"
                  className="checkout-cart__remove"
                  aria-label={t('cart.remove', { name: item.product.name })}
                  title={t('cart.remove', { name: item.product.name })}
                  onClick={() => onRemove(index, item.product.name)}
                >
                  <Icon name="trash" />
                </button>
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
              {money(summary.pricing.gross, currency)}
            </dd>
          </div>
          {orderType === 'delivery' ? (
            <div>
              <dt>{t('cart.delivery')}</dt>
              <dd>
                {summary.pricing.deliveryGross === 0
                  ? t('cart.free')
                  : money(summary.pricing.deliveryGross, currency)}
              </dd>
            </div>
          ) : null}
          {cashRounding !== 0 ? (
            <div data-testid="checkout-cash-rounding">
              <dt>{t('cart.cashRounding')}</dt>
              <dd>{money(cashRounding, currency)}</dd>
            </div>
          ) : null}
          <div className="checkout-cart__total">
            <dt>{t('cart.total')}</dt>
            <dd data-testid="checkout-total">
              {totalPrefix}
              {money(summary.pricing.totalGross + cashRounding, currency)}
            </dd>
          </div>
          <div className="checkout-cart__tax">
            <dt className="ui-visually-hidden">{t('cart.total')}</dt>
            <dd>{t('cart.taxIncluded', { amount: money(summary.pricing.totalTax, currency) })}</dd>
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
            <p>{t('cart.minimumValue', { amount: money(minimum.minimum, currency) })}</p>
            <p>{t('cart.minimumRest', { rest: money(minimum.missing, currency) })}</p>
          </Notice>
        ) : null}
      </div>
      {freeDeliveryFrom !== null && !minimumMissing ? (
        <p className="checkout-cart__free">
          <Icon name="bike" /> {t('cart.freeDelivery', { amount: money(freeDeliveryFrom, currency) })}
        </p>
      ) : null}
    </Section>
  )
}
