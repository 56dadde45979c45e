import {
  type CartItem,
  type CartItemPart,
  formatPrice,
  type ItemProblem,
  itemPricingModel,
  itemProblems,
  newCartItem,
  type Product,
  priceForAmount,
  unitPrice,
} from '@shop/shared/domain/catalogue'
import { Button, Dialog, Icon, Notice } from '@shop/ui'
import { useState } from 'react'
import { type Display, formatAmount } from '../amount-format.ts'
import { type Translate, useLocale, useT } from '../i18n.tsx'
import { keepUnitsTogether, localDescription, localName, localPartLabels } from '../product-text.ts'
import { imageSrcSet, imageUrl } from '../shop-data.tsx'
import { AmountField } from './amount-field.tsx'
import { PartField } from './part-field.tsx'
import './item-overlay.css'

const EMPTY_PART: CartItemPart = { options: [], text: '', uploads: [] }

/** The gross of the item as configured, or null while it cannot be priced (no unit, no amount). */
function lineGross(item: CartItem): number | null {
  try {
    return priceForAmount(item.product, unitPrice(item.product, item.parts), item.amount, item.unit)
  } catch {
    return null
  }
}

export type ItemOverlayProps = {
  product: Product
  orderable: boolean
  /** Why it cannot be ordered (`sf-menu:product.unavailable.*`), shown when not orderable. */
  reason: string | null
  /** A cart line opened again to change it (issue 18): the overlay starts from it and saves it back. */
  initial?: CartItem | undefined
  display: Display
  branchTimeZone: string
  onClose: () => void
  onAdd: (item: CartItem, gross: number | null) => void
}

/**
 * The item overlay (spec §2, §5): amount and unit, every configurable part, the live price,
 * step by step when the product asks for it; saving is possible once the item is valid. The
 * menu opens it for a product and for a cart line, the checkout for a cart line (issue 18);
 * pages load it through `LazyItemOverlay` (use-item-overlay.tsx), a chunk of its own.
 */
export function ItemOverlay({
  product,
  orderable,
  reason,
  initial,
  display,
  onClose,
  onAdd,
}: ItemOverlayProps) {
  const t = useT('sf-menu')
  const { locale } = useLocale()
  const [item, setItem] = useState<CartItem>(() => initial ?? newCartItem(product))
  const [amountText, setAmountText] = useState(() => formatAmount(item.amount, locale))
  const parts = product.config?.parts ?? []
  const stepByStep = product.isStepByStep && parts.length > 1
  const [step, setStep] = useState(0)
  const problems = itemProblems(item)
  const valid = problems.length === 0
  const gross = lineGross(item)
  const priceText = product.isPriceHidden
    ? t('product.priceOnRequest')
    : gross === null
      ? '–'
      : formatPrice(gross, itemPricingModel(item), display)

  const setPart = (index: number, entry: CartItemPart) =>
    setItem((current) => ({
      ...current,
      parts: current.parts.map((part, position) => (position === index ? entry : part)),
    }))

  const missing = problems.map((problem) => problemLabel(t, problem, product, locale))
  const stepProblems = problems.filter((problem) => problem.partIndex === step)
  const lastStep = !stepByStep || step === parts.length - 1
  const leadTime =
    product.isLeadTimeEnabled && product.leadTimeType && product.leadTimeValue
      ? t(`product.leadTime.${product.leadTimeType}`, { count: product.leadTimeValue })
      : null
  const image = product.images?.[0]

  const footer = (
    <div className="menu-item__footer">
      <div className="menu-item__summary" aria-live="polite">
        <span className="menu-item__price-label">{t('item.price')}</span>
        <strong className="menu-item__price" data-testid="item-price">
          {priceText}
        </strong>
        {orderable && missing.length > 0 ? (
          <span className="menu-item__missing">{t('item.missing', { parts: missing.join(', ') })}</span>
        ) : null}
      </div>
      <div className="menu-item__actions">
        {stepByStep && step > 0 ? (
          <Button variant="secondary" onClick={() => setStep((s) => s - 1)}>
            {t('item.back')}
          </Button>
        ) : null}
        {!orderable ? null : lastStep ? (
          <Button disabled={!valid} onClick={() => onAdd(item, gross)} icon={initial ? 'check' : 'cart'}>
            {initial ? t('item.saveChanges') : t('item.save')}
          </Button>
        ) : (
          <Button disabled={stepProblems.length > 0} onClick={() => setStep((s) => s + 1)}>
            {t('item.next')}
          </Button>
        )}
      </div>
    </div>
  )

  const amountSection = (
    <AmountField
      product={product}
      item={item}
      text={amountText}
      setText={setAmountText}
      setItem={setItem}
      disabled={!orderable}
    />
  )

  const visibleParts = stepByStep ? [step] : parts.map((_, index) => index)

  return (
    <Dialog
      open
      title={keepUnitsTogether(localName(product, locale))}
      onClose={onClose}
      closeLabel={t('item.close')}
      className="menu-item"
      footer={footer}
    >
      {image ? (
        <img
          className="menu-item__image"
          src={imageUrl(image, 'small')}
          srcSet={imageSrcSet(image)}
          sizes="(min-width: 640px) 592px, 100vw"
          alt=""
          width={640}
          height={360}
          decoding="async"
        />
      ) : null}
      {localDescription(product, locale) ? (
        <p className="menu-item__description">{localDescription(product, locale)}</p>
      ) : null}
      {product.allergens || leadTime ? (
        <dl className="menu-item__facts">
          {product.allergens ? (
            <div>
              <dt>{t('item.allergens')}</dt>
              <dd>{product.allergens}</dd>
            </div>
          ) : null}
          {leadTime ? (
            <div>
              <dt>
                <Icon name="clock" />
                <span className="ui-visually-hidden">{leadTime}</span>
              </dt>
              <dd aria-hidden="true">{leadTime}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {!orderable ? (
        <Notice tone="warning">
          <p>
            {t('item.unavailable')}
            {reason ? ` ${t(`product.unavailable.${reason}`)}.` : null}
          </p>
        </Notice>
      ) : null}

      {!stepByStep || step === 0 ? amountSection : null}

      {stepByStep ? (
        <p className="menu-item__step" aria-live="polite">
          {t('item.step', { current: step + 1, total: parts.length })}
        </p>
      ) : null}
      {stepByStep ? (
        <ol className="menu-item__progress" aria-hidden="true">
          {parts.map((part, index) => (
            <li key={part.name} data-state={index < step ? 'done' : index === step ? 'current' : 'todo'} />
          ))}
        </ol>
      ) : null}

      {visibleParts.map((index) => {
        const part = parts[index]
        if (!part) return null
        return (
          <PartField
            key={`${index}-${part.name}`}
            part={part}
            labels={localPartLabels(product, index, locale)}
            entry={item.parts[index] ?? EMPTY_PART}
            onChange={(entry) => setPart(index, entry)}
            display={display}
            disabled={!orderable}
            invalid={problems.some((problem) => problem.partIndex === index)}
          />
        )
      })}
    </Dialog>
  )
}

function problemLabel(t: Translate, problem: ItemProblem, product: Product, locale: string): string {
  if (problem.partIndex !== null) return localPartLabels(product, problem.partIndex, locale).name
  return t(`item.problem.${problem.reason}`)
}
