import {
  type CartItemPart,
  type ConfigurablePart,
  chosenOptions,
  toggleOption,
} from '@shop/shared/domain/catalogue'
import { formatMoney } from '@shop/shared/domain/common'
import { useId } from 'react'
import type { Display } from '../amount-format.ts'
import { type Translate, useT } from '../i18n.tsx'
import type { PartLabels } from '../product-text.ts'
import { UploadField } from './upload-field.tsx'

/** What an option changes in the price ('+ CHF 1.00'), or null when nothing. */
function modifierText(
  t: Translate,
  option: ConfigurablePart['options'][number],
  display: Display,
): string | null {
  if (option.modifier !== 'overwrite' && option.value === 0) return null
  return t(`item.modifier.${option.modifier}`, {
    price: formatMoney(option.value, display.currency, display.locale),
  })
}

/** One configurable part of the product: a choice, a text or an upload. */
export function PartField({
  part,
  labels,
  entry,
  onChange,
  display,
  disabled,
  invalid,
}: {
  part: ConfigurablePart
  /** The part's texts in the page's language (lib/product-text.ts); options keep their German value. */
  labels: PartLabels
  entry: CartItemPart
  onChange: (entry: CartItemPart) => void
  display: Display
  disabled: boolean
  invalid: boolean
}) {
  const t = useT('sf-menu')
  const id = useId()
  const badge = part.optional ? t('item.optional') : t('item.required')
  const legend = (
    <>
      <span>{labels.name}</span>
      <span className={`menu-item__badge${part.optional ? '' : ' menu-item__badge--required'}`}>{badge}</span>
    </>
  )
  const description = labels.description ? (
    <p className="menu-item__part-description" id={`${id}-desc`}>
      {labels.description}
      {part.type === 'multiselect' ? ` ${t('item.chooseMany')}` : ''}
    </p>
  ) : part.type === 'multiselect' ? (
    <p className="menu-item__part-description" id={`${id}-desc`}>
      {t('item.chooseMany')}
    </p>
  ) : null
  const describedBy = description ? `${id}-desc` : undefined

  if (part.type === 'select' || part.type === 'multiselect') {
    const chosen = chosenOptions(part, entry)
    const isSelect = part.type === 'select'
    return (
      <fieldset
        className="menu-item__part"
        aria-describedby={describedBy}
        data-invalid={invalid ? 'true' : undefined}
        {...(isSelect ? { role: 'radiogroup', 'aria-required': !part.optional } : {})}
      >
        <legend className="menu-item__legend">{legend}</legend>
        {description}
        <div className="menu-item__options">
          {part.options.map((option) => {
            const extra = modifierText(t, option, display)
            return (
              <label key={option.name} className="menu-item__option">
                <input
                  type={isSelect ? 'radio' : 'checkbox'}
                  name={`${id}-option`}
                  value={option.name}
                  checked={chosen.includes(option.name)}
                  disabled={disabled}
                  // A click on the chosen radio of an optional select unchecks it (spec §5);
                  // change does not fire then, so the rule runs on click.
                  onClick={isSelect ? () => onChange(toggleOption(part, entry, option.name)) : undefined}
                  onChange={isSelect ? () => {} : () => onChange(toggleOption(part, entry, option.name))}
                />
                <span className="menu-item__option-name">{labels.option(option.name)}</span>
                {extra ? <span className="menu-item__option-price">{extra}</span> : null}
              </label>
            )
          })}
        </div>
      </fieldset>
    )
  }

  if (part.type === 'text' || part.type === 'textarea') {
    const control =
      part.type === 'text' ? (
        <input
          id={id}
          className="ui-input"
          value={entry.text}
          disabled={disabled}
          aria-describedby={describedBy}
          aria-required={!part.optional || undefined}
          onChange={(event) => onChange({ ...entry, text: event.target.value })}
        />
      ) : (
        <textarea
          id={id}
          className="ui-textarea"
          rows={3}
          value={entry.text}
          disabled={disabled}
          aria-describedby={describedBy}
          aria-required={!part.optional || undefined}
          onChange={(event) => onChange({ ...entry, text: event.target.value })}
        />
      )
    return (
      <div className="menu-item__part ui-field" data-invalid={invalid ? 'true' : undefined}>
        <label className="menu-item__legend" htmlFor={id}>
          {legend}
        </label>
        {description}
        {control}
      </div>
    )
  }

  return (
    <UploadField
      part={part}
      entry={entry}
      onChange={onChange}
      disabled={disabled}
      legend={legend}
      description={description}
      invalid={invalid}
    />
  )
}
