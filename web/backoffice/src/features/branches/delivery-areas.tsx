/**
 * The delivery areas (docs/api.md "Resources"): one row per area with its fee, tax, free
 * delivery, minimum order and the postcodes it serves, typed as one text ("8001, 8002 80*") and
 * split into the contract's list. A refused postcode (`deliveryAreas.0.zipCodes.1`, the
 * browser's check or the server's) is shown at the area's postcode field, naming the postcode.
 */
import { Button } from '@shop/ui'
import { useId } from 'react'
import { get, useFieldArray, useWatch } from 'react-hook-form'
import { CheckboxInput, NumberInput, TextInput, useFormContext } from '../../lib/forms.tsx'
import { useT } from '../../lib/i18n.tsx'
import { type BranchForm, emptyArea, zipCodeList } from './branch-form.ts'

/** The first message under a path or any of its children (a list's items). */
export function firstMessage(error: unknown): { message: string; index: number | null } | null {
  if (!error || typeof error !== 'object') return null
  const message = (error as { message?: unknown }).message
  if (typeof message === 'string' && message !== '') return { message, index: null }
  if (Array.isArray(error)) {
    for (const [index, item] of error.entries()) {
      const found = firstMessage(item)
      if (found) return { message: found.message, index: found.index ?? index }
    }
    return null
  }
  for (const value of Object.values(error)) {
    const found = firstMessage(value)
    if (found) return found
  }
  return null
}

function ZipCodesField({ index }: { index: number }) {
  const t = useT('bo-branches')
  const { register, formState, control } = useFormContext<BranchForm>()
  const id = useId()
  const name = `deliveryAreas.${index}.zipCodes` as const
  const text = useWatch({ control, name }) ?? ''
  const found = firstMessage(get(formState.errors, name))
  const zips = zipCodeList(text)
  const message = found
    ? found.index !== null && zips[found.index] !== undefined
      ? `«${zips[found.index]}»: ${found.message}`
      : found.message
    : undefined
  return (
    <div className="ui-field bo-wide">
      <label className="ui-field__label" htmlFor={id}>
        {t('areas.zipCodes')}
      </label>
      <textarea
        id={id}
        className="ui-input"
        rows={2}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
        {...register(name)}
      />
      <span className="ui-field__hint" id={`${id}-hint`}>
        {t('areas.zipCodesHint')}
      </span>
      {message ? (
        <span className="ui-field__error" id={`${id}-error`}>
          {message}
        </span>
      ) : null}
    </div>
  )
}

export function DeliveryAreas() {
  const t = useT('bo-branches')
  const { control, formState } = useFormContext<BranchForm>()
  const areas = useFieldArray({ control, name: 'deliveryAreas', keyName: 'key' })
  const listError = formState.errors.deliveryAreas as
    | { message?: string; root?: { message?: string } }
    | undefined
  const listMessage = listError?.root?.message ?? listError?.message
  return (
    <div className="bo-wide bo-areas" data-testid="delivery-areas">
      {areas.fields.length === 0 ? <p className="bo-muted">{t('areas.none')}</p> : null}
      {areas.fields.map((field, index) => (
        // biome-ignore lint/a11y/useSemanticElements: one area's fields inside the areas fieldset
        <div key={field.key} className="bo-area" role="group" aria-label={t('areas.areaN', { n: index + 1 })}>
          <TextInput name={`deliveryAreas.${index}.area`} label={t('areas.area')} required />
          <NumberInput
            name={`deliveryAreas.${index}.price`}
            label={t('areas.price')}
            scale={100}
            decimals={2}
            required
          />
          <NumberInput name={`deliveryAreas.${index}.tax`} label={t('areas.tax')} suffix="%" required />
          <NumberInput
            name={`deliveryAreas.${index}.minimumOrderValue`}
            label={t('areas.minimumOrderValue')}
            scale={100}
            decimals={2}
          />
          <NumberInput
            name={`deliveryAreas.${index}.freeFromOrderValue`}
            label={t('areas.freeFromOrderValue')}
            scale={100}
            decimals={2}
          />
          <CheckboxInput name={`deliveryAreas.${index}.free`} label={t('areas.free')} />
          <ZipCodesField index={index} />
          <div className="bo-wide">
            <Button small variant="ghost" onClick={() => areas.remove(index)}>
              {t('areas.remove', { n: index + 1 })}
            </Button>
          </div>
        </div>
      ))}
      {listMessage ? <p className="ui-field__error">{listMessage}</p> : null}
      <Button small variant="secondary" onClick={() => areas.append(emptyArea())}>
        {t('areas.add')}
      </Button>
    </div>
  )
}
