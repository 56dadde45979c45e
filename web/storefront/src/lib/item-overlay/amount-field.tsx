import {
  type CartItem,
  changeUnit,
  orderableUnits,
  type Product,
  parseAmountInput,
  quantityRulesFor,
  snapAmount,
  stepAmount,
  stepperState,
  type Unit,
  unitRatio,
} from '@shop/shared/domain/catalogue'
import { IconButton } from '@shop/ui'
import { useId } from 'react'
import { formatAmount } from '../amount-format.ts'
import { type Translate, useLocale, useT } from '../i18n.tsx'
import { amountLabel, unitKey, unitSymbol } from '../product-text.ts'

/** A unit as the menu names it: its symbol (g, kg, l), else the counted word (Stück). */
function unitName(t: Translate, unit: Unit, count = 2): string {
  return unitSymbol(unit) ?? t(unitKey(unit) ?? '', { count })
}

/** The item's amount and unit: a stepper or a typed amount, snapped to the product's grid. */
export function AmountField({
  product,
  item,
  text,
  setText,
  setItem,
  disabled,
}: {
  product: Product
  item: CartItem
  text: string
  setText: (text: string) => void
  setItem: (update: (item: CartItem) => CartItem) => void
  disabled: boolean
}) {
  const t = useT('sf-menu')
  const { locale } = useLocale()
  const id = useId()
  const units = orderableUnits(product)
  const rules = quantityRulesFor(product, item.unit) ?? { min: null, max: null, step: null }
  const stepper = stepperState(item.amount, rules)
  const apply = (amount: number, unit: Unit = item.unit) => {
    setItem((current) => ({ ...current, amount, unit }))
    setText(formatAmount(amount, locale))
  }
  const name = unitName(t, item.unit)
  const fmt = (value: number | null) =>
    `${formatAmount(value ?? 0, locale)} ${unitName(t, item.unit, value ?? 0)}`
  const stepSize = rules.step && rules.step > 0 ? rules.step : 1
  const hint =
    rules.max !== null
      ? t('item.limitsMax', { min: fmt(rules.min ?? 0), max: fmt(rules.max), step: fmt(stepSize) })
      : t('item.limits', { min: fmt(rules.min ?? 0), step: fmt(stepSize) })
  // A piece of a product sold by weight: how much one weighs ('1 Stück ≈ 0.25 kg').
  const ratio = item.unit === product.unit ? null : unitRatio(product, item.unit)
  const about =
    ratio !== null && unitSymbol(item.unit) === null && unitSymbol(product.unit) !== null
      ? t('item.about', {
          unit: unitName(t, item.unit, 1),
          amount: `${formatAmount(ratio, locale)} ${unitSymbol(product.unit)}`,
        })
      : null
  return (
    <div className="menu-item__amount">
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={id}>
          {t('item.amountIn', { unit: name })}
        </label>
        <div className="menu-item__stepper">
          <IconButton
            icon="minus"
            label={t('item.decrease')}
            disabled={disabled || stepper.decreaseDisabled}
            onClick={() => apply(stepAmount(item.amount, rules, -1))}
          />
          <input
            id={id}
            className="ui-input menu-item__amount-input"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            disabled={disabled}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              setText(event.target.value)
              const parsed = parseAmountInput(event.target.value)
              if (parsed !== null) setItem((current) => ({ ...current, amount: parsed }))
            }}
            onBlur={() => {
              const parsed = parseAmountInput(text)
              apply(snapAmount(parsed ?? item.amount, rules))
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                const parsed = parseAmountInput(text)
                apply(snapAmount(parsed ?? item.amount, rules))
              }
            }}
          />
          <span className="menu-item__unit-name" aria-hidden="true">
            {name}
          </span>
          <IconButton
            icon="plus"
            label={t('item.increase')}
            disabled={disabled || stepper.increaseDisabled}
            onClick={() => apply(stepAmount(item.amount, rules, 1))}
          />
        </div>
        <span className="ui-field__hint" id={`${id}-hint`}>
          {hint}
          {about ? ` · ${about}` : null}
        </span>
      </div>
      {units.length > 1 ? (
        <fieldset className="menu-item__units">
          <legend className="ui-field__label">{t('item.unit')}</legend>
          <div className="menu-item__chips">
            {units.map((unit) => (
              <label key={unit} className="menu-item__chip">
                <input
                  type="radio"
                  name={`${id}-unit`}
                  value={unit}
                  checked={item.unit === unit}
                  disabled={disabled}
                  onChange={() => {
                    const parsed = parseAmountInput(text)
                    const converted = changeUnit(product, parsed ?? item.amount, item.unit, unit)
                    if (converted !== null) apply(converted, unit)
                  }}
                />
                <span>{unitName(t, unit, 1)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <p className="menu-item__amount-summary ui-visually-hidden" aria-live="polite">
        {amountLabel(t, item.amount, item.unit, locale)}
      </p>
    </div>
  )
}
