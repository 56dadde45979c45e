/**
 * Opening and delivery hours in one view (spec §5 rules, `openingHoursRuleSchema`): every day
 * and each weekday with its shifts (one or more from–to, or closed), the dated exceptions
 * (holidays closed, special hours), and beside them the next 14 days as the shop will show them,
 * computed live from the form with the shared scheduling code (`hoursOn`, the storefront's).
 * The rules stay the contract's list (branch-form.ts keeps its order), so an error at
 * `openingHours.3.to` is shown at that very field.
 */
import { Button } from '@shop/ui'
import { useId, useMemo, useState } from 'react'
import { get, useWatch } from 'react-hook-form'
import { useFormContext } from '../../lib/forms.tsx'
import { useLocale, useT } from '../../lib/i18n.tsx'
import {
  addException,
  addShift,
  type BranchForm,
  closeDay,
  previewDays,
  type RuleForm,
  removeRule,
  resetDay,
  rulesOf,
  WEEKDAY_NAMES,
  type WeekdayName,
} from './branch-form.ts'

type RulesName = 'openingHours' | 'deliveryHours'

function useRuleError(name: string): string | undefined {
  const { formState } = useFormContext<BranchForm>()
  const error = get(formState.errors, name) as { message?: unknown } | undefined
  return error?.message ? String(error.message) : undefined
}

/** One text field of a rule (a time or a date), controlled by the rule list. */
function RuleText({
  name,
  label,
  value,
  onChange,
  placeholder,
  type = 'text',
}: {
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
  type?: 'text' | 'date'
}) {
  const id = useId()
  const error = useRuleError(name)
  return (
    <span className="bo-rule__field">
      <label htmlFor={id} className="ui-visually-hidden">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="ui-input bo-rule__input"
        type={type}
        inputMode={type === 'text' ? 'numeric' : undefined}
        placeholder={placeholder}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <span className="ui-field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </span>
  )
}

/** The rule list of one kind of hours, and a setter that marks the form changed. */
function useRules(
  name: RulesName,
): [RuleForm[], (next: RuleForm[]) => void, (i: number, patch: Partial<RuleForm>) => void] {
  const form = useFormContext<BranchForm>()
  const rules = (useWatch({ control: form.control, name }) ?? []) as RuleForm[]
  const set = (next: RuleForm[]) => {
    form.setValue(name, next, { shouldDirty: true })
    // Indexes moved: errors of the old list would point at other rules now.
    form.clearErrors(name)
  }
  const patch = (index: number, change: Partial<RuleForm>) => {
    const current = form.getValues(name)
    form.setValue(
      name,
      current.map((rule, i) => (i === index ? { ...rule, ...change } : rule)),
      { shouldDirty: true },
    )
    form.clearErrors(`${name}.${index}` as never)
  }
  return [rules, set, patch]
}

function ShiftRows({
  name,
  items,
  patch,
  remove,
}: {
  name: RulesName
  items: { rule: RuleForm; index: number }[]
  patch: (i: number, change: Partial<RuleForm>) => void
  remove: (i: number) => void
}) {
  const t = useT('bo-branches')
  return (
    <>
      {items.map(({ rule, index }, n) => (
        <div key={index} className="bo-rule">
          <span className="bo-rule__pair">
            <RuleText
              name={`${name}.${index}.from`}
              label={t('hours.fromOf', { n: n + 1 })}
              placeholder="08:00"
              value={rule.from}
              onChange={(from) => patch(index, { from })}
            />
            <span aria-hidden="true">–</span>
            <RuleText
              name={`${name}.${index}.to`}
              label={t('hours.toOf', { n: n + 1 })}
              placeholder="18:00"
              value={rule.to}
              onChange={(to) => patch(index, { to })}
            />
          </span>
          {rule.to !== '' && rule.from !== '' && rule.to < rule.from ? (
            <span className="bo-muted">{t('hours.overnight')}</span>
          ) : null}
          <Button small variant="ghost" onClick={() => remove(index)}>
            {t('hours.removeShift', { n: n + 1 })}
          </Button>
        </div>
      ))}
    </>
  )
}

function DayRow({ name, type, label }: { name: RulesName; type: 'daily' | WeekdayName; label: string }) {
  const t = useT('bo-branches')
  const [rules, set, patch] = useRules(name)
  const own = rulesOf(rules, type)
  const closed = own.some(({ rule }) => rule.isClosed)
  const hasDaily = rules.some((rule) => rule.type === 'daily' && !rule.isClosed)
  const state =
    own.length > 0
      ? closed
        ? t('hours.closed')
        : null
      : type === 'daily'
        ? t('hours.noDaily')
        : hasDaily
          ? t('hours.asDaily')
          : t('hours.closed')
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of a day's shifts inside the hours fieldset
    <div className="bo-day" role="group" aria-label={label}>
      <span className="bo-day__name">{label}</span>
      <div className="bo-day__shifts">
        {state ? <span className="bo-day__state">{state}</span> : null}
        {closed ? null : (
          <ShiftRows
            name={name}
            items={own}
            patch={patch}
            remove={(index) => set(removeRule(rules, index))}
          />
        )}
        <div className="bo-day__tools">
          <Button small variant="secondary" onClick={() => set(addShift(rules, type))}>
            {t('hours.addShift')}
          </Button>
          {closed || (own.length === 0 && type !== 'daily' && !hasDaily) ? null : (
            <Button small variant="ghost" onClick={() => set(closeDay(rules, type))}>
              {t('hours.close')}
            </Button>
          )}
          {own.length > 0 && type !== 'daily' ? (
            <Button small variant="ghost" onClick={() => set(resetDay(rules, type))}>
              {hasDaily ? t('hours.resetToDaily') : t('hours.reset')}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  )
}

function Exceptions({ name }: { name: RulesName }) {
  const t = useT('bo-branches')
  const [rules, set, patch] = useRules(name)
  const dated = rulesOf(rules, 'once')
  return (
    <div className="bo-exceptions">
      <h4>{t('hours.exceptions')}</h4>
      {dated.length === 0 ? <p className="bo-muted">{t('hours.noExceptions')}</p> : null}
      {dated.map(({ rule, index }, n) => (
        <div key={index} className="bo-rule bo-rule--dated">
          <RuleText
            name={`${name}.${index}.date`}
            label={t('hours.dateOf', { n: n + 1 })}
            type="date"
            value={rule.date}
            onChange={(date) => patch(index, { date })}
          />
          <label className="bo-rule__closed">
            <input
              type="checkbox"
              checked={rule.isClosed}
              onChange={(e) => patch(index, { isClosed: e.target.checked })}
            />{' '}
            {t('hours.closedAllDay')}
          </label>
          {rule.isClosed ? null : (
            <span className="bo-rule__pair">
              <RuleText
                name={`${name}.${index}.from`}
                label={t('hours.exceptionFrom', { n: n + 1 })}
                placeholder="10:00"
                value={rule.from}
                onChange={(from) => patch(index, { from })}
              />
              <span aria-hidden="true">–</span>
              <RuleText
                name={`${name}.${index}.to`}
                label={t('hours.exceptionTo', { n: n + 1 })}
                placeholder="14:00"
                value={rule.to}
                onChange={(to) => patch(index, { to })}
              />
            </span>
          )}
          <Button small variant="ghost" onClick={() => set(removeRule(rules, index))}>
            {t('hours.removeException', { n: n + 1 })}
          </Button>
        </div>
      ))}
      <div className="bo-day__tools">
        <Button small variant="secondary" onClick={() => set(addException(rules, '', true))}>
          {t('hours.addHoliday')}
        </Button>
        <Button small variant="secondary" onClick={() => set(addException(rules, '', false))}>
          {t('hours.addSpecial')}
        </Button>
      </div>
    </div>
  )
}

/** One kind of hours: every day, the weekdays, the dated exceptions. */
export function RulesEditor({ name, legend }: { name: RulesName; legend: string }) {
  const t = useT('bo-branches')
  const rootError = useRuleError(name)
  return (
    <fieldset className="bo-fieldset bo-hours" data-testid={`hours-${name}`}>
      <legend>{legend}</legend>
      <div className="bo-wide">
        <DayRow name={name} type="daily" label={t('hours.daily')} />
        {WEEKDAY_NAMES.map((weekday) => (
          <DayRow key={weekday} name={name} type={weekday} label={t(`weekday.${weekday}`)} />
        ))}
        <Exceptions name={name} />
        {rootError ? <p className="ui-field__error">{rootError}</p> : null}
      </div>
    </fieldset>
  )
}

const formatTimes = (intervals: { from: string; to: string }[], closed: string) =>
  intervals.length === 0 ? closed : intervals.map((i) => `${i.from}–${i.to}`).join(', ')

/** The next 14 days as the shop will show them, from the form's current rules. */
export function HoursPreview() {
  const t = useT('bo-branches')
  const { locale } = useLocale()
  const { control } = useFormContext<BranchForm>()
  const [openingHours, deliveryHours, isDeliveryHoursEnabled, isDeliveryEnabled, timeZone] = useWatch({
    control,
    name: ['openingHours', 'deliveryHours', 'isDeliveryHoursEnabled', 'isDeliveryEnabled', 'timeZone'],
  })
  // The preview's "today" is taken once per page view: the rules change, not the clock.
  const [now] = useState(() => Date.now())
  const days = useMemo(
    () =>
      previewDays({ openingHours, deliveryHours, isDeliveryHoursEnabled, isDeliveryEnabled, timeZone }, now),
    [openingHours, deliveryHours, isDeliveryHoursEnabled, isDeliveryEnabled, timeZone, now],
  )
  const format = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'short',
        day: '2-digit',
        month: '2-digit',
        timeZone: 'UTC',
      }),
    [locale],
  )
  const delivering = days.some((day) => day.delivery !== null)
  return (
    <section className="bo-preview" aria-labelledby="bo-preview-title">
      <h3 id="bo-preview-title">{t('preview.title')}</h3>
      <p className="bo-muted">{t('preview.hint', { zone: timeZone })}</p>
      <table className="bo-preview__table" data-testid="hours-preview">
        <thead>
          <tr>
            <th scope="col">{t('preview.day')}</th>
            <th scope="col">{t('preview.opening')}</th>
            {delivering ? <th scope="col">{t('preview.delivery')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date} data-date={day.date}>
              <th scope="row">{format.format(new Date(`${day.date}T12:00:00Z`))}</th>
              <td className={day.opening.isClosed ? 'bo-preview__closed' : undefined}>
                {formatTimes(day.opening.intervals, t('hours.closed'))}
              </td>
              {delivering ? (
                <td className={day.delivery?.isClosed ? 'bo-preview__closed' : undefined}>
                  {day.delivery ? formatTimes(day.delivery.intervals, t('preview.noDelivery')) : ''}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
