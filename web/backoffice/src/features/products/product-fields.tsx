/**
 * The product editor's smaller field groups: the unit picker (all units of spec §3 grouped by
 * family), the alternative units, the schedule (when the product can be ordered) and a date
 * field. All are bound to the editor's form through `useFormContext`.
 */
import { fixedUnitRatio, type Unit } from '@shop/shared/domain/catalogue'
import { Button } from '@shop/ui'
import { useId } from 'react'
import { get, useFieldArray, useWatch } from 'react-hook-form'
import {
  CHOICE,
  fieldControlProps,
  framed,
  NumberInput,
  readText,
  SelectInput,
  showText,
  TextInput,
  useBoundInput,
  useFormContext,
} from '../../lib/forms.tsx'
import { useT } from '../../lib/i18n.tsx'
import {
  CALCULATION_MODELS,
  emptySchedule,
  type ProductFormValues,
  type ProductUnit,
  unitsByFamily,
  WEEKDAYS,
} from './product-form.ts'

function useError(name: string): string | undefined {
  const { formState } = useFormContext()
  const error = get(formState.errors, name) as { message?: unknown; root?: { message?: unknown } } | undefined
  const message = error?.message ?? error?.root?.message
  return message ? String(message) : undefined
}

/** A unit picker: the units grouped by family (counted, weight, volume, length, area, cubic). */
export function UnitSelect({
  name,
  label,
  empty,
  only,
  onPicked,
  className,
}: {
  name: string
  label: string
  /** A first choice meaning "none" (stored as ''). */
  empty?: string
  /** Only these units (the default unit's choices). */
  only?: readonly ProductUnit[]
  onPicked?: (unit: ProductUnit) => void
  className?: string
}) {
  const t = useT('bo-products')
  const bound = useBoundInput<HTMLSelectElement>(name, showText, readText, CHOICE, (unit) =>
    onPicked?.(unit as ProductUnit),
  )
  const error = useError(name)
  const id = useId()
  const framing = { label, error, className }
  return framed(
    id,
    framing,
    <select className="ui-select" {...fieldControlProps(id, framing)} {...bound}>
      {empty !== undefined ? <option value="">{empty}</option> : null}
      {unitsByFamily().map(({ family, units }) => {
        const shown = only ? units.filter((u) => only.includes(u)) : units
        if (shown.length === 0) return null
        return (
          <optgroup key={family} label={t(`family.${family}`)}>
            {shown.map((unit) => (
              <option key={unit} value={unit}>
                {t(`unit.${unit}`)}
              </option>
            ))}
          </optgroup>
        )
      })}
    </select>,
  )
}

const modelOptions = (t: (key: string) => string) =>
  CALCULATION_MODELS.map((value) => ({ value, label: t(`model.${value}`) }))

/** The other units a product can be ordered in, with their ratio and quantities. */
export function AlternativeUnits() {
  const t = useT('bo-products')
  const { control, getValues, setValue } = useFormContext<ProductFormValues>()
  const units = useFieldArray({ control, name: 'alternativeUnits' })
  const productUnit = useWatch({ control, name: 'unit' })
  const listError = useError('alternativeUnits')
  const add = () => {
    const taken = new Set([getValues('unit'), ...getValues('alternativeUnits').map((a) => a.unit)])
    const unit =
      (['gram', 'piece', 'kilogram', 'package', 'serving'] as const).find((u) => !taken.has(u)) ?? 'piece'
    units.append({
      unit,
      ratio: fixedUnitRatio(productUnit as Unit, unit) ?? 1,
      calculationModel: 'fixed',
      minimumQuantity: 1,
      maximumQuantity: null,
      quantityStepSize: 1,
    })
  }
  return (
    <div className="bo-wide bo-alt-units">
      <h3>{t('alternativeUnits.title')}</h3>
      <p className="ui-field__hint">{t('alternativeUnits.hint', { unit: t(`unit.${productUnit}`) })}</p>
      {units.fields.map((field, index) => {
        const base = `alternativeUnits.${index}` as const
        return (
          <fieldset key={field.id} className="bo-fieldset bo-alt-unit">
            <legend>{t('alternativeUnits.entry', { position: index + 1 })}</legend>
            <UnitSelect
              name={`${base}.unit`}
              label={t('alternativeUnits.unit')}
              onPicked={(unit) => {
                const fixed = fixedUnitRatio(getValues('unit') as Unit, unit as Unit)
                if (fixed !== null) setValue(`${base}.ratio`, fixed, { shouldDirty: true })
              }}
            />
            <NumberInput
              name={`${base}.ratio`}
              label={t('alternativeUnits.ratio')}
              hint={t('alternativeUnits.ratioHint', { unit: t(`unit.${productUnit}`) })}
            />
            <SelectInput
              name={`${base}.calculationModel`}
              label={t('fields.calculationModel')}
              options={modelOptions(t)}
            />
            <NumberInput name={`${base}.minimumQuantity`} label={t('fields.minimumQuantity')} />
            <NumberInput
              name={`${base}.maximumQuantity`}
              label={t('fields.maximumQuantity')}
              hint={t('hint.noMaximum')}
            />
            <NumberInput name={`${base}.quantityStepSize`} label={t('fields.quantityStepSize')} />
            <div className="bo-row-end">
              <Button small variant="ghost" icon="trash" onClick={() => units.remove(index)}>
                {t('alternativeUnits.remove', { position: index + 1 })}
              </Button>
            </div>
          </fieldset>
        )
      })}
      {listError ? <p className="ui-field__error">{listError}</p> : null}
      <Button small variant="secondary" icon="plus" onClick={add} disabled={units.fields.length >= 10}>
        {t('alternativeUnits.add')}
      </Button>
    </div>
  )
}

export { modelOptions }

/** A date field ('YYYY-MM-DD', '' for none). */
export function DateInput({ name, label, className }: { name: string; label: string; className?: string }) {
  const { register } = useFormContext()
  const error = useError(name)
  const id = useId()
  const framing = { label, error, className }
  return framed(
    id,
    framing,
    <input className="ui-input" type="date" {...fieldControlProps(id, framing)} {...register(name)} />,
  )
}

/** When the product can be ordered: every entry's conditions must hold; no entry means always. */
export function ScheduleEditor() {
  const t = useT('bo-products')
  const { control, register } = useFormContext<ProductFormValues>()
  const entries = useFieldArray({ control, name: 'schedule' })
  return (
    <div className="bo-wide bo-schedule">
      <p className="ui-field__hint">{t('schedule.hint')}</p>
      {entries.fields.map((field, index) => {
        const base = `schedule.${index}` as const
        return (
          <fieldset key={field.id} className="bo-fieldset bo-schedule__entry">
            <legend>{t('schedule.entry', { position: index + 1 })}</legend>
            <WeekdayError name={`${base}.weekdays`} />
            <fieldset className="bo-weekdays bo-wide">
              <legend>{t('schedule.weekdays')}</legend>
              {WEEKDAYS.map((day) => (
                <label key={day} className="bo-weekday">
                  <input type="checkbox" value={day} {...register(`${base}.weekdays`)} />{' '}
                  {t(`weekday.${day}`)}
                </label>
              ))}
            </fieldset>
            <TextInput name={`${base}.from`} label={t('schedule.from')} placeholder="08:00" />
            <TextInput name={`${base}.to`} label={t('schedule.to')} placeholder="11:30" />
            <DateInput name={`${base}.startDate`} label={t('schedule.startDate')} />
            <DateInput name={`${base}.endDate`} label={t('schedule.endDate')} />
            <div className="bo-row-end">
              <Button small variant="ghost" icon="trash" onClick={() => entries.remove(index)}>
                {t('schedule.remove', { position: index + 1 })}
              </Button>
            </div>
          </fieldset>
        )
      })}
      <Button small variant="secondary" icon="plus" onClick={() => entries.append(emptySchedule())}>
        {t('schedule.add')}
      </Button>
    </div>
  )
}

function WeekdayError({ name }: { name: string }) {
  const error = useError(name)
  return error ? <p className="ui-field__error bo-wide">{error}</p> : null
}
