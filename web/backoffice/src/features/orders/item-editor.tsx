import {
  type CartItemPart,
  type ConfigurablePart,
  chosenOptions,
  isCountableUnit,
  orderableUnits,
  parseAmountInput,
  toggleOption,
  UNIT_SYMBOLS,
  type Unit,
} from '@shop/shared/domain/catalogue'
import { Button, Dialog, Notice } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { castDraft, type Draft, produce } from 'immer'
import { useId, useState } from 'react'
import { apiSend, messageOf } from '../../lib/api.ts'
import { type Translate, useT } from '../../lib/i18n.tsx'
import {
  changeBody,
  draftChanged,
  draftGross,
  draftOf,
  draftProblems,
  type ItemDraft,
  isChoicePart,
  isTextPart,
  type OrderItem,
  productOf,
} from './item-edit.ts'
import { money, type StaffOrder } from './order-view.ts'
import type { OrdersContext } from './orders-data.ts'

function unitName(unit: Unit, t: Translate): string {
  return isCountableUnit(unit) ? t(`unit.${unit}`, { count: 2 }) : UNIT_SYMBOLS[unit]
}

/**
 * Item edit (PUT /api/orders/{id}/items/{itemId}): amount, unit and the product's configurable
 * parts as today's catalogue has them, checked with the shared rules before saving; the server
 * reprices the order (or refuses once it is ready, final or paid online: its message shows here).
 */
export function ItemEditor({
  order,
  item,
  context,
  onClose,
  onSaved,
}: {
  order: StaffOrder
  item: OrderItem
  context: OrdersContext
  onClose: () => void
  onSaved: (order: StaffOrder) => void | Promise<void>
}) {
  const t = useT('bo-orders')
  const id = useId()
  const product = productOf(item, context.products)
  const [draft, setDraft] = useState<ItemDraft | null>(() => (product ? draftOf(item, product) : null))
  const [amountText, setAmountText] = useState(() =>
    new Intl.NumberFormat('de-CH', { maximumFractionDigits: 3, useGrouping: false }).format(item.amount),
  )
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<{ text: string; detail?: string } | null>(null)

  const footerClose = (
    <Button variant="secondary" onClick={onClose}>
      {t('bo-dialogs:dismiss')}
    </Button>
  )

  if (!product || !draft) {
    return (
      <Dialog
        open
        title={t('edit.title', { name: item.name })}
        onClose={onClose}
        closeLabel={t('bo-dialogs:close')}
        footer={footerClose}
      >
        <Notice tone="warning">
          <p>{context.failed ? t('error.data') : t('edit.productGone')}</p>
        </Notice>
      </Dialog>
    )
  }

  const problems = draftProblems(draft, product)
  const parts = product.config?.parts ?? []
  const gross = draftGross(draft, product)
  const changed = draftChanged(draft, item, product)
  const problemText = problems.map((p) =>
    t(`edit.problem.${p.reason}`, { part: p.partIndex === null ? '' : (parts[p.partIndex]?.name ?? '') }),
  )

  /** One change of the draft (immer): `change((d) => { d.unit = unit })`. */
  const change = (recipe: (d: Draft<ItemDraft>) => void) =>
    setDraft(
      produce((d) => {
        if (d) recipe(d)
      }),
    )
  const setPart = (index: number, entry: CartItemPart) =>
    change((d) => {
      if (index < d.parts.length) d.parts[index] = castDraft(entry)
    })

  const save = async () => {
    setSaving(true)
    setError(null)
    try {
      const fresh = await apiSend<StaffOrder>(
        'PUT',
        `/orders/${order.id}/items/${encodeURIComponent(item.itemId)}`,
        changeBody(draft, order.version),
      )
      await onSaved(fresh)
    } catch (e) {
      const server = messageOf(e, '')
      setError({ text: t('error.update'), ...(server ? { detail: server } : {}) })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog
      open
      title={t('edit.title', { name: item.name })}
      onClose={onClose}
      closeLabel={t('bo-dialogs:close')}
      className="bo-edit"
      footer={
        <>
          <p className="bo-edit__preview" aria-live="polite">
            {t('edit.preview')}:{' '}
            <strong data-testid="edit-preview">
              {product.isPriceHidden
                ? t('detail.priceHidden')
                : gross === null
                  ? '–'
                  : money(gross, context.currency)}
            </strong>
          </p>
          {footerClose}
          <Button disabled={saving || problems.length > 0 || !changed} onClick={() => void save()}>
            {saving ? t('edit.saving') : t('edit.save')}
          </Button>
        </>
      }
    >
      {error ? (
        <Notice tone="danger" live="assertive">
          <p>{error.text}</p>
          {error.detail ? <p>{error.detail}</p> : null}
        </Notice>
      ) : null}
      <div className="bo-edit__amount">
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${id}-amount`}>
            {t('edit.amount')}
          </label>
          <input
            id={`${id}-amount`}
            className="ui-input"
            inputMode="decimal"
            value={amountText}
            aria-invalid={
              problems.some((p) => p.partIndex === null && p.reason.startsWith('amount')) || undefined
            }
            onChange={(e) => {
              setAmountText(e.target.value)
              // Comma or dot as the decimal separator; empty is 0 (spec §5).
              const amount = e.target.value.trim() === '' ? 0 : (parseAmountInput(e.target.value) ?? 0)
              change((d) => {
                d.amount = amount
              })
            }}
          />
        </div>
        {orderableUnits(product).length > 1 ? (
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-unit`}>
              {t('edit.unit')}
            </label>
            <select
              id={`${id}-unit`}
              className="ui-select"
              value={draft.unit}
              onChange={(e) => {
                const unit = e.target.value as Unit
                change((d) => {
                  d.unit = unit
                })
              }}
            >
              {orderableUnits(product).map((u) => (
                <option key={u} value={u}>
                  {unitName(u, t)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="bo-edit__unit">{unitName(draft.unit, t)}</p>
        )}
      </div>
      {parts.map((part, index) => (
        <PartInput
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional (the index is their identity)
          key={`${index}-${part.name}`}
          part={part}
          entry={draft.parts[index] ?? { options: [], text: '', uploads: [] }}
          onChange={(entry) => setPart(index, entry)}
          t={t}
          currency={context.currency}
        />
      ))}
      {problemText.length > 0 ? (
        <Notice tone="warning">
          <ul className="bo-edit__problems">
            {problemText.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </Notice>
      ) : !changed ? (
        <p className="bo-orders__sub">{t('edit.unchanged')}</p>
      ) : null}
    </Dialog>
  )
}

function PartInput({
  part,
  entry,
  onChange,
  t,
  currency,
}: {
  part: ConfigurablePart
  entry: CartItemPart
  onChange: (entry: CartItemPart) => void
  t: Translate
  currency: string
}) {
  const id = useId()
  const legend = `${part.name}${part.optional ? ` (${t('edit.optional')})` : ''}`
  if (isChoicePart(part)) {
    const chosen = chosenOptions(part, entry)
    const multi = part.type === 'multiselect'
    return (
      <fieldset className="bo-edit__part">
        <legend>{legend}</legend>
        {multi ? <p className="bo-orders__sub">{t('edit.chooseMany')}</p> : null}
        {part.options.map((option) => {
          const price =
            option.value === 0
              ? ''
              : ` (${option.modifier === 'subtract' ? '−' : option.modifier === 'add' ? '+' : ''}${money(option.value, currency)})`
          return (
            <label key={option.name} className="ui-check">
              <input
                type={multi ? 'checkbox' : 'radio'}
                name={id}
                checked={chosen.includes(option.name)}
                onChange={() => onChange(toggleOption(part, entry, option.name))}
                onClick={() => {
                  // An optional single choice can be unchecked by choosing it again (spec §5).
                  if (!multi && part.optional && chosen.includes(option.name))
                    onChange(toggleOption(part, entry, option.name))
                }}
              />
              <span>
                {option.name}
                {price}
              </span>
            </label>
          )
        })}
      </fieldset>
    )
  }
  if (isTextPart(part)) {
    return (
      <div className="ui-field bo-edit__part">
        <label className="ui-field__label" htmlFor={id}>
          {legend}
        </label>
        {part.type === 'textarea' ? (
          <textarea
            id={id}
            className="ui-textarea"
            rows={3}
            maxLength={2000}
            value={entry.text}
            onChange={(e) => onChange({ ...entry, text: e.target.value })}
          />
        ) : (
          <input
            id={id}
            className="ui-input"
            maxLength={2000}
            value={entry.text}
            onChange={(e) => onChange({ ...entry, text: e.target.value })}
          />
        )}
      </div>
    )
  }
  // Files and images: the customer's uploads stay as they are (the staff do not upload for them).
  return (
    <div className="bo-edit__part">
      <p className="ui-field__label">{legend}</p>
      {entry.uploads.length > 0 ? (
        <ul>
          {entry.uploads.map((u) => (
            <li key={u.id}>
              <a href={paths.upload(u)} target="_blank" rel="noreferrer">
                {`${u.id}.${u.extension}`}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="bo-orders__sub">{t('edit.none')}</p>
      )}
    </div>
  )
}
