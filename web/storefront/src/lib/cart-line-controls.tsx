import type { CartItem, StepDirection } from '@shop/shared/domain/catalogue'
import { Button, IconButton } from '@shop/ui'
import { useId } from 'react'
import { lineStepper } from './cart-store.ts'
import { useLocale, useT } from './i18n.tsx'
import { amountLabel, localName } from './product-text.ts'
import './cart-line-controls.css'

/**
 * A cart line's controls (issue 18), the same in the menu's cart and the checkout: − amount +
 * in the line's unit, moving by the product's step within its minimum and maximum; "Ändern" for
 * a configured item; and removal. At the minimum the − becomes the remove button (a trash can
 * in its place, as the big delivery shops do), so pressing − once more never removes a line
 * unannounced; above it a separate remove button takes a line of any amount away in one tap.
 * + at the maximum stays focusable (aria-disabled) so a keyboard user is not thrown out.
 */
export function CartLineControls({
  item,
  index,
  onStep,
  onRemove,
  onEdit,
  amountClassName,
}: {
  item: CartItem
  /** The line's position: the controls carry it for moving focus after a removal. */
  index: number
  onStep: (direction: StepDirection) => void
  onRemove: () => void
  /** Opens the configured item again in the item overlay; none for a product without parts. */
  onEdit?: (() => void) | undefined
  amountClassName?: string
}) {
  const t = useT('sf-menu')
  const { locale } = useLocale()
  const name = localName(item.product, locale)
  const { atMinimum, atMaximum } = lineStepper(item)
  const maxId = useId()
  return (
    <div className="cart-line" data-line-index={index}>
      <fieldset className="cart-line__stepper">
        <legend className="ui-visually-hidden">{t('cart.quantity', { name })}</legend>
        <IconButton
          icon={atMinimum ? 'trash' : 'minus'}
          className={`cart-line__button${atMinimum ? ' cart-line__button--remove' : ''}`}
          label={atMinimum ? t('cart.remove', { name }) : t('cart.decrease', { name })}
          onClick={() => (atMinimum ? onRemove() : onStep(-1))}
        />
        <span
          className={['cart-line__amount', amountClassName].filter(Boolean).join(' ')}
          aria-live="polite"
          aria-atomic="true"
        >
          {amountLabel(t, item.amount, item.unit, locale)}
        </span>
        <IconButton
          icon="plus"
          className="cart-line__button"
          label={t('cart.increase', { name })}
          aria-disabled={atMaximum ? true : undefined}
          aria-describedby={atMaximum ? maxId : undefined}
          onClick={() => {
            if (!atMaximum) onStep(1)
          }}
        />
        {atMaximum ? (
          <span id={maxId} className="ui-visually-hidden">
            {t('cart.maximumReached')}
          </span>
        ) : null}
      </fieldset>
      <div className="cart-line__actions">
        {onEdit ? (
          <Button
            variant="ghost"
            className="cart-line__edit"
            aria-label={t('cart.edit', { name })}
            onClick={onEdit}
          >
            {t('cart.editShort')}
          </Button>
        ) : null}
        {atMinimum ? null : (
          <IconButton
            icon="trash"
            className="cart-line__button cart-line__button--remove"
            label={t('cart.remove', { name })}
            onClick={onRemove}
          />
        )}
      </div>
    </div>
  )
}

/**
 * After a line left the list, focus goes to the line now at its place (the next one), else the
 * one before it; false when the list is empty, so the caller picks a place.
 */
export function focusLineAfterRemoval(list: HTMLElement | null, index: number): boolean {
  if (!list) return false
  const lines = list.querySelectorAll<HTMLElement>('.cart-line')
  const target = lines[Math.min(index, lines.length - 1)]
  const button = target?.querySelector<HTMLElement>('button')
  if (!button) return false
  button.focus()
  return true
}
