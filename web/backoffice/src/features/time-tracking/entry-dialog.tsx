import { Button, Field } from '@shop/ui'
import { type ReactNode, useId, useState } from 'react'
import { ApiError, type FieldError } from '../../lib/api.ts'
import { FormDialog } from '../../lib/form-dialog.tsx'
import { useT } from '../../lib/i18n.tsx'
import { createResource, deleteResource, isStale, updateResource } from '../../lib/resources.ts'
import {
  type EntryForm,
  type EntryKind,
  entryBodies,
  entryFormOf,
  type ShiftTimesForm,
} from './entry-form.ts'
import type { Employee, PlanEntry } from './week-model.ts'

/**
 * One plan entry, new or opened from the grid (the week plan; docs/time-tracking.md): a shift
 * (start, end past midnight = the next day, break, note; a new one may get a second shift on the
 * same day: a split shift) or an absence (holiday or sick from one day to another). An opened
 * shift also takes another employee and another day of the week: the keyboard's way to move it.
 * The server's refusals appear at their fields; a stale version says someone else saved first.
 */
export function EntryDialog({
  entry,
  start,
  employees,
  weekDays,
  timeZone,
  branchId,
  dayName,
  onClose,
  onSaved,
  onChanged,
}: {
  /** The entry opened, or null for a new one at `start`. */
  entry: PlanEntry | null
  start: { userId: string; date: string }
  employees: Employee[]
  weekDays: string[]
  timeZone: string
  branchId: string
  dayName: (date: string) => string
  onClose: () => void
  /** Saved: the dialog closes and the grid reloads. */
  onSaved: (message: string) => void
  /** Part of a split shift was saved before a refusal: the grid reloads, the dialog stays. */
  onChanged: () => void
}) {
  const t = useT('bo-time-tracking')
  const tc = useT('bo-common')
  const formId = useId()
  const [form, setForm] = useState<EntryForm>(() => entryFormOf(entry, start, timeZone))
  // Errors by row (shifts) or for the absence (row 0), by field.
  const [errors, setErrors] = useState<Record<number, Record<string, string>>>({})
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const person = employees.find((e) => e.id === form.userId)?.name ?? form.userId
  const set = (patch: Partial<EntryForm>) => setForm((f) => ({ ...f, ...patch }))
  const setShift = (index: number, patch: Partial<ShiftTimesForm>) =>
    setForm((f) => ({ ...f, shifts: f.shifts.map((s, i) => (i === index ? { ...s, ...patch } : s)) }))
  const err = (row: number, field: string) => errors[row]?.[field]

  const fieldErrors = (list: FieldError[]) => {
    const byField: Record<string, string> = {}
    for (const e of list) byField[e.field || 'form'] ??= e.message
    return byField
  }

  const save = async () => {
    setNotice(null)
    const made = entryBodies(form, { branchId, timeZone })
    if ('errors' in made) {
      setErrors(
        Object.fromEntries(
          Object.entries(made.errors).map(([row, fields]) => [
            Number(row),
            Object.fromEntries(Object.entries(fields).map(([f, key]) => [f, t(key)])),
          ]),
        ),
      )
      return
    }
    setErrors({})
    setBusy(true)
    let done = 0
    try {
      for (const [index, body] of made.bodies.entries()) {
        try {
          if (entry) await updateResource('working-schedules', entry.id, { ...body, version: entry.version })
          else await createResource('working-schedules', body)
          done++
        } catch (error) {
          // The shifts of a split shift made before the refusal stay made: the grid shows them,
          // the form keeps the rest.
          if (done > 0) {
            const made = done
            setForm((f) => ({ ...f, shifts: f.shifts.slice(made) }))
            onChanged()
          }
          if (isStale(error)) {
            setNotice(`${tc('conflict.title')}. ${tc('conflict.intro')}`)
            return
          }
          if (error instanceof ApiError && error.errors.length > 0) {
            const byField = fieldErrors(error.errors)
            setErrors({ [index - done]: byField })
            const general = byField.form ?? byField.userId ?? byField.branchId ?? byField.version
            if (general) setNotice(general)
          } else setNotice(t('error.save'))
          return
        }
      }
      onSaved(entry ? t('saved') : t('created', { count: done }))
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    if (!entry) return
    setBusy(true)
    try {
      await deleteResource('working-schedules', entry.id, entry.version)
      onSaved(t('deleted'))
    } catch (error) {
      setNotice(isStale(error) ? `${tc('conflict.title')}. ${tc('conflict.intro')}` : t('error.delete'))
    } finally {
      setBusy(false)
    }
  }

  const title = entry
    ? t(`dialog.edit.${entry.kind}`, { name: person })
    : t('dialog.new', { name: person, day: dayName(start.date) })
  const kinds: EntryKind[] = ['shift', 'holiday', 'sick']

  return (
    <FormDialog
      title={title}
      closeLabel={tc('close')}
      cancelLabel={tc('cancel')}
      submitLabel={busy ? tc('saving') : tc('save')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      className="bo-tt-dialog"
      extra={
        entry ? (
          <Button variant="danger" onClick={() => void remove()} disabled={busy}>
            {tc('delete')}
          </Button>
        ) : null
      }
    >
      {notice ? (
        <p className="ui-field__error bo-tt-dialog__notice" role="alert">
          {notice}
        </p>
      ) : null}
      {entry ? null : (
        <fieldset className="bo-tt-dialog__kinds">
          <legend>{t('field.kind')}</legend>
          {kinds.map((kind) => (
            <label key={kind}>
              <input
                type="radio"
                name={`${formId}-kind`}
                value={kind}
                checked={form.kind === kind}
                onChange={() => set({ kind })}
              />{' '}
              {t(`kind.${kind}`)}
            </label>
          ))}
        </fieldset>
      )}
      {entry && form.kind === 'shift' ? (
        <div className="bo-tt-dialog__row">
          <Field label={t('field.employee')} hint={t('field.moveHint')} error={err(0, 'userId')}>
            <select
              className="ui-select"
              value={form.userId}
              onChange={(e) => set({ userId: e.target.value })}
            >
              {employees.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('field.day')}>
            <select className="ui-select" value={form.date} onChange={(e) => set({ date: e.target.value })}>
              {(weekDays.includes(form.date) ? weekDays : [form.date, ...weekDays]).map((d) => (
                <option key={d} value={d}>
                  {dayName(d)}
                </option>
              ))}
            </select>
          </Field>
        </div>
      ) : null}
      {form.kind === 'shift' ? (
        <>
          {form.shifts.map((shift, index) => (
            <ShiftRow
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positional (first, second shift)
              key={index}
              legend={form.shifts.length > 1 ? t('field.shiftN', { n: index + 1 }) : t('kind.shift')}
              value={shift}
              error={(f) => err(index, f)}
              onChange={(patch) => setShift(index, patch)}
              remove={
                index > 0 ? (
                  <Button
                    variant="ghost"
                    small
                    onClick={() => setForm((f) => ({ ...f, shifts: f.shifts.filter((_, i) => i !== index) }))}
                  >
                    {t('action.removeShift')}
                  </Button>
                ) : null
              }
            />
          ))}
          {entry ? null : (
            <Button
              variant="secondary"
              small
              onClick={() =>
                setForm((f) => ({
                  ...f,
                  shifts: [...f.shifts, { start: '', end: '', breakMinutes: '0' }],
                }))
              }
            >
              {t('action.addShift')}
            </Button>
          )}
        </>
      ) : (
        <div className="bo-tt-dialog__row">
          <Field label={t('field.from')} required error={err(0, 'from')}>
            <input
              className="ui-input"
              type="date"
              value={form.from}
              onChange={(e) => set({ from: e.target.value })}
            />
          </Field>
          <Field label={t('field.to')} required error={err(0, 'to')}>
            <input
              className="ui-input"
              type="date"
              value={form.to}
              min={form.from || undefined}
              onChange={(e) => set({ to: e.target.value })}
            />
          </Field>
          {form.kind === 'holiday' ? (
            <Field label={t('field.days')} hint={t('field.daysHint')} error={err(0, 'days')}>
              <input
                className="ui-input"
                type="number"
                min={0}
                step={0.5}
                value={form.days}
                onChange={(e) => set({ days: e.target.value })}
              />
            </Field>
          ) : null}
        </div>
      )}
      <Field label={t('field.note')} error={err(0, 'note')}>
        <textarea
          className="ui-textarea"
          rows={2}
          maxLength={1000}
          value={form.note}
          onChange={(e) => set({ note: e.target.value })}
        />
      </Field>
    </FormDialog>
  )
}

function ShiftRow({
  legend,
  value,
  error,
  onChange,
  remove,
}: {
  legend: string
  value: ShiftTimesForm
  error: (field: string) => string | undefined
  onChange: (patch: Partial<ShiftTimesForm>) => void
  remove: ReactNode
}) {
  const t = useT('bo-time-tracking')
  return (
    <fieldset className="bo-tt-dialog__shift">
      <legend>{legend}</legend>
      <div className="bo-tt-dialog__row">
        <Field label={t('field.start')} required error={error('start')}>
          <input
            className="ui-input"
            type="time"
            value={value.start}
            onChange={(e) => onChange({ start: e.target.value })}
          />
        </Field>
        <Field label={t('field.end')} hint={t('field.endHint')} required error={error('end')}>
          <input
            className="ui-input"
            type="time"
            value={value.end}
            onChange={(e) => onChange({ end: e.target.value })}
          />
        </Field>
        <Field label={t('field.break')} error={error('breakMinutes')}>
          <input
            className="ui-input"
            type="number"
            min={0}
            step={5}
            value={value.breakMinutes}
            onChange={(e) => onChange({ breakMinutes: e.target.value })}
          />
        </Field>
      </div>
      {remove}
    </fieldset>
  )
}
