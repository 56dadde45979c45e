import {
  type CartItem,
  type CartItemPart,
  type ConfigurablePart,
  changeUnit,
  chosenOptions,
  formatPrice,
  type ItemProblem,
  itemPricingModel,
  itemProblems,
  newCartItem,
  orderableUnits,
  type Product,
  parseAmountInput,
  priceForAmount,
  quantityRulesFor,
  snapAmount,
  stepAmount,
  stepperState,
  toggleOption,
  type Unit,
  type Upload,
  unitPrice,
  unitRatio,
} from '@shop/shared/domain/catalogue'
import { formatMoney } from '@shop/shared/domain/common'
import { Button, Dialog, Icon, IconButton, Notice, Spinner } from '@shop/ui'
import { type ReactNode, useId, useState } from 'react'
import { apiSend } from '../../lib/api.ts'
import { type Translate, useLocale, useT } from '../../lib/i18n.tsx'
import { imageSrcSet, imageUrl } from '../../lib/shop-data.tsx'
import {
  acceptFor,
  formatAmount,
  isMultipleUpload,
  type moneyLocale,
  unitKey,
  unitSymbol,
} from './menu-model.ts'
import { amountLabel, keepUnitsTogether } from './product-text.ts'
import './item-overlay.css'

type Display = { currency: string; locale: ReturnType<typeof moneyLocale> }

const EMPTY_PART: CartItemPart = { options: [], text: '', uploads: [] }

function unitName(t: Translate, unit: Unit, count = 2): string {
  return unitSymbol(unit) ?? t(unitKey(unit) ?? '', { count })
}

/** The gross of the item as configured, or null while it cannot be priced (no unit, no amount). */
function lineGross(item: CartItem): number | null {
  try {
    return priceForAmount(item.product, unitPrice(item.product, item.parts), item.amount, item.unit)
  } catch {
    return null
  }
}

/**
 * The item overlay (spec §2, §5): amount and unit, every configurable part, the live price,
 * step by step when the product asks for it; saving is possible once the item is valid.
 */
export function ItemOverlay({
  product,
  orderable,
  reason,
  display,
  onClose,
  onAdd,
}: {
  product: Product
  orderable: boolean
  reason: string | null
  display: Display
  branchTimeZone: string
  onClose: () => void
  onAdd: (item: CartItem, gross: number | null) => void
}) {
  const t = useT('sf-menu')
  const { locale } = useLocale()
  const [item, setItem] = useState<CartItem>(() => newCartItem(product))
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

  const missing = problems.map((problem) => problemLabel(t, problem, parts))
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
          <Button disabled={!valid} onClick={() => onAdd(item, gross)} icon="cart">
            {t('item.save')}
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
      title={keepUnitsTogether(product.name)}
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
      {product.description ? <p className="menu-item__description">{product.description}</p> : null}
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

function problemLabel(t: Translate, problem: ItemProblem, parts: readonly ConfigurablePart[]): string {
  if (problem.partIndex !== null) return parts[problem.partIndex]?.name ?? ''
  return t(`item.problem.${problem.reason}`)
}

function AmountField({
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

function PartField({
  part,
  entry,
  onChange,
  display,
  disabled,
  invalid,
}: {
  part: ConfigurablePart
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
      <span>{part.name}</span>
      <span className={`menu-item__badge${part.optional ? '' : ' menu-item__badge--required'}`}>{badge}</span>
    </>
  )
  const description = part.description ? (
    <p className="menu-item__part-description" id={`${id}-desc`}>
      {part.description}
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
                <span className="menu-item__option-name">{option.name}</span>
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

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

type Uploaded = Upload & { name?: string }

/** Image(s) and file(s) parts: POST /api/uploads with the data URL (spec §5, §7). */
function UploadField({
  part,
  entry,
  onChange,
  disabled,
  legend,
  description,
  invalid,
}: {
  part: ConfigurablePart
  entry: CartItemPart
  onChange: (entry: CartItemPart) => void
  disabled: boolean
  legend: ReactNode
  description: ReactNode
  invalid: boolean
}) {
  const t = useT('sf-menu')
  const id = useId()
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  const multiple = isMultipleUpload(part.type)
  const images = part.type === 'image' || part.type === 'images'
  const chooseKey = images
    ? multiple
      ? 'item.upload.chooseImages'
      : 'item.upload.chooseImage'
    : multiple
      ? 'item.upload.chooseFiles'
      : 'item.upload.chooseFile'

  const onFiles = async (files: File[]) => {
    if (files.length === 0) return
    setBusy(true)
    setErrors([])
    const done: Uploaded[] = []
    const failed: string[] = []
    for (const file of multiple ? files : files.slice(0, 1)) {
      try {
        const data = await readAsDataUrl(file)
        const upload = await apiSend<Upload>('POST', '/uploads', { data, name: file.name })
        done.push({ ...upload, name: file.name })
      } catch {
        failed.push(t('item.upload.failed', { file: file.name }))
      }
    }
    setBusy(false)
    setErrors(failed)
    if (done.length > 0) onChange({ ...entry, uploads: multiple ? [...entry.uploads, ...done] : done })
  }

  const uploads = entry.uploads as readonly Uploaded[]
  return (
    <div className="menu-item__part" data-invalid={invalid ? 'true' : undefined}>
      <p className="menu-item__legend" id={`${id}-legend`}>
        {legend}
      </p>
      {description}
      <label className="menu-item__upload" data-disabled={disabled || busy ? 'true' : undefined}>
        <Icon name="upload" />
        <span>{t(chooseKey)}</span>
        <span className="menu-item__upload-types">
          {t(images ? 'item.upload.imageTypes' : 'item.upload.fileTypes')}
        </span>
        <input
          className="ui-visually-hidden"
          type="file"
          accept={acceptFor(part.type)}
          multiple={multiple}
          disabled={disabled || busy}
          aria-labelledby={`${id}-legend`}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? [])
            event.target.value = ''
            void onFiles(files)
          }}
        />
      </label>
      {busy ? <Spinner label={t('item.upload.uploading')} /> : null}
      <div aria-live="assertive">
        {errors.map((message) => (
          <p key={message} className="ui-field__error">
            {message}
          </p>
        ))}
      </div>
      {uploads.length > 0 ? (
        <ul className="menu-item__uploads" aria-label={t('item.upload.uploaded')}>
          {uploads.map((upload, index) => {
            const label = upload.name ?? `${upload.id}.${upload.extension}`
            return (
              <li key={upload.id}>
                {upload.mimeType.startsWith('image/') ? (
                  <img
                    src={`/upload/${upload.publicHash}/preview/${upload.id}-${upload.version}.jpg`}
                    alt=""
                    width={48}
                    height={48}
                  />
                ) : (
                  <Icon name="download" />
                )}
                <span>{label}</span>
                <IconButton
                  icon="trash"
                  label={t('item.upload.remove', { file: label })}
                  onClick={() =>
                    onChange({ ...entry, uploads: uploads.filter((_, position) => position !== index) })
                  }
                />
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
