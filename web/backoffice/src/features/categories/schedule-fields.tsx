/**
 * The schedule of a category (createCategoryBodySchema's `schedule`): rules, each a set of
 * conditions that all must hold (weekdays, a time window, a date range); the category is
 * available when any rule holds, and always when there is none (shared/domain/catalogue
 * availability.ts decides that for the storefront and the preview alike).
 */
import { WEEKDAYS } from '@shop/shared/contracts'
import { Button } from '@shop/ui'
import { useFieldArray } from 'react-hook-form'
import { FieldSet, TextInput, useFormContext } from '../../lib/forms.tsx'
import { useT } from '../../lib/i18n.tsx'
import { emptyScheduleRow } from './category-model.ts'

export function ScheduleFields({ name = 'schedule' }: { name?: string }) {
  const t = useT('bo-categories')
  const { control, register } = useFormContext()
  const { fields, append, remove } = useFieldArray({ control, name })
  return (
    <FieldSet legend={t('schedule.legend')} className="bo-schedule">
      <p className="bo-wide bo-hint">{fields.length === 0 ? t('schedule.always') : t('schedule.any')}</p>
      {fields.map((field, index) => (
        <fieldset key={field.id} className="bo-fieldset bo-wide bo-schedule__rule">
          <legend>{t('schedule.rule', { n: index + 1 })}</legend>
          <fieldset className="bo-wide bo-weekdays">
            <legend className="ui-field__label">{t('schedule.weekdays')}</legend>
            {WEEKDAYS.map((day) => (
              <label key={day} className="bo-weekday">
                <input type="checkbox" value={day} {...register(`${name}.${index}.weekdays`)} />{' '}
                {t(`schedule.day.${day}`)}
              </label>
            ))}
          </fieldset>
          <TextInput name={`${name}.${index}.from`} label={t('schedule.from')} placeholder="HH:MM" />
          <TextInput name={`${name}.${index}.to`} label={t('schedule.to')} placeholder="HH:MM" />
          <DateField name={`${name}.${index}.startDate`} label={t('schedule.startDate')} />
          <DateField name={`${name}.${index}.endDate`} label={t('schedule.endDate')} />
          <div className="bo-wide">
            <Button small variant="secondary" icon="trash" onClick={() => remove(index)}>
              {t('schedule.remove', { n: index + 1 })}
            </Button>
          </div>
        </fieldset>
      ))}
      <div className="bo-wide">
        <Button small variant="secondary" icon="plus" onClick={() => append(emptyScheduleRow())}>
          {t('schedule.add')}
        </Button>
      </div>
    </FieldSet>
  )
}

function DateField({ name, label }: { name: string; label: string }) {
  const { register, getFieldState, formState } = useFormContext()
  const error = getFieldState(name, formState).error?.message
  const id = `f-${name.replaceAll('.', '-')}`
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="ui-input"
        type="date"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register(name)}
      />
      {error ? (
        <span className="ui-field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  )
}
