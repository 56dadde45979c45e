import type { WorkingActivityView } from '@shop/shared/contracts/http/time-tracking.http.ts'
import { Button, Field, Notice } from '@shop/ui'
import { Fragment, useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ApiError, apiGet, apiSend } from '../../lib/api.ts'
import { DateRangeFilter, FilterBar, FilterReset, SelectFilter } from '../../lib/filters.tsx'
import { FormDialog } from '../../lib/form-dialog.tsx'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { ListFailed, ListLoading } from '../../lib/list-states.tsx'
import { useSession } from '../../lib/session.tsx'
import {
  type ActivityFilters,
  activityFiltersFrom,
  activityFiltersToSearch,
  type CorrectionForm,
  correctionBody,
  correctionFieldOf,
  correctionFormOf,
  durationText,
  EMPTY_ACTIVITY_FILTERS,
  isOpen,
  spanText,
} from './activity-model.ts'
import './time-tracking.css'

type User = { id: string; username: string; displayName?: string | null }
type ListState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; activities: WorkingActivityView[] }

/**
 * The recorded working time (issue 20; docs/backoffice.md "Arbeitszeiten korrigieren"): the
 * activities filtered by branch, employee and days (in the address), each with its times, pauses
 * and worked hours; one without an end (a forgotten clock-out) is marked. "Korrigieren" sends the
 * whole activity as it should have been and why; the recorded times stay beside the corrected
 * ones, and every correction (who, when, why) shows under "Korrekturen".
 */
export function ActivitiesPage() {
  const t = useT('bo-time-tracking')
  const { locale } = useLocale()
  const { branches } = useSession()
  const [params, setParams] = useSearchParams()
  const filters = activityFiltersFrom(params)
  const query = activityFiltersToSearch(filters).toString()
  const [state, setState] = useState<ListState>({ status: 'loading' })
  const [reloads, setReloads] = useState(0)
  const [users, setUsers] = useState<User[]>([])
  const [correcting, setCorrecting] = useState<WorkingActivityView | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())

  const setFilters = useCallback(
    (next: Partial<ActivityFilters>) =>
      setParams((current) => activityFiltersToSearch({ ...activityFiltersFrom(current), ...next }), {
        replace: true,
      }),
    [setParams],
  )
  useEffect(() => {
    apiGet<User[]>('/users')
      .then(setUsers)
      .catch(() => setUsers([]))
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string stands for the filters
  useEffect(() => {
    const controller = new AbortController()
    apiGet<WorkingActivityView[]>(`/working-activities${query ? `?${query}` : ''}`, {
      signal: controller.signal,
    })
      // Newest first: the day's open clock-outs on top.
      .then((list) => setState({ status: 'ready', activities: [...list].reverse() }))
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setState({ status: 'failed' })
      })
    return () => controller.abort()
  }, [query, reloads])

  const nameOf = (id: string | null) => {
    const u = users.find((x) => x.id === id)
    return u ? u.displayName || u.username : (id ?? '—')
  }
  const branchName = (id: string) => branches.find((b) => b.id === id)?.name ?? id
  const dayText = (day: string) =>
    new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T12:00:00Z`))
  const atText = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso))
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <main id="main" className="bo-page bo-tt">
      <h1>{t('activities.title')}</h1>
      <p className="bo-tt__intro">{t('activities.intro')}</p>
      <FilterBar label={t('activities.filters')}>
        <SelectFilter
          id="bo-tt-f-branch"
          label={t('field.branch')}
          value={filters.branch}
          all={t('activities.allBranches')}
          options={branches.map((b) => ({ value: b.id, label: b.name }))}
          onChange={(branch) => setFilters({ branch })}
        />
        <SelectFilter
          id="bo-tt-f-user"
          label={t('field.employee')}
          value={filters.user}
          all={t('activities.allEmployees')}
          options={users.map((u) => ({ value: u.id, label: u.displayName || u.username }))}
          onChange={(user) => setFilters({ user })}
        />
        <DateRangeFilter
          id="bo-tt-f-days"
          fromLabel={t('field.from')}
          toLabel={t('field.to')}
          from={filters.from}
          to={filters.to}
          onChange={(next) => setFilters(next)}
        />
        {query ? (
          <FilterReset label={t('activities.reset')} onReset={() => setFilters(EMPTY_ACTIVITY_FILTERS)} />
        ) : null}
      </FilterBar>
      {notice ? (
        <Notice tone="success" live="polite">
          <p>{notice}</p>
        </Notice>
      ) : null}
      {state.status === 'loading' ? <ListLoading /> : null}
      {state.status === 'failed' ? (
        <ListFailed text={t('error.loadActivities')} retry={() => setReloads((n) => n + 1)} />
      ) : null}
      {state.status === 'ready' ? (
        state.activities.length === 0 ? (
          <p className="bo-tt__empty" role="status">
            {t('activities.empty')}
          </p>
        ) : (
          <div className="bo-tt-table__wrap">
            <table className="bo-tt-table">
              <caption className="ui-visually-hidden">{t('activities.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('field.employee')}</th>
                  <th scope="col">{t('activities.day')}</th>
                  <th scope="col">{t('activities.times')}</th>
                  <th scope="col">{t('activities.pauses')}</th>
                  <th scope="col">{t('activities.worked')}</th>
                  <th scope="col">{t('activities.state')}</th>
                  <th scope="col">
                    <span className="ui-visually-hidden">{t('activities.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {state.activities.map((a) => {
                  const open = isOpen(a)
                  const detailId = `bo-tt-corr-${a.id}`
                  return (
                    <Fragment key={a.id}>
                      <tr className={open ? 'bo-tt-row--open' : undefined} data-activity={a.id}>
                        <th scope="row">
                          {nameOf(a.userId)}
                          <span className="bo-tt-original">{branchName(a.branchId)}</span>
                        </th>
                        <td>{dayText(a.day)}</td>
                        <td>
                          <span className="bo-tt-num" data-times="current">
                            {spanText(a, a.timeZone, a.day)}
                          </span>
                          {a.isCorrected ? (
                            <span className="bo-tt-original" data-times="recorded">
                              {t('activities.recorded', { times: spanText(a.recorded, a.timeZone, a.day) })}
                            </span>
                          ) : null}
                        </td>
                        <td>
                          {a.pauses.length === 0
                            ? '—'
                            : a.pauses.map((p) => (
                                <span key={p.start} className="bo-tt-num bo-tt-original">
                                  {spanText(p, a.timeZone, a.day)}
                                </span>
                              ))}
                        </td>
                        <td className="bo-tt-num">{durationText(a.workedSeconds)}</td>
                        <td>
                          {a.status !== 'ended' ? (
                            <span className="bo-tt-badge bo-tt-badge--warning">
                              {t(`status.${a.status}`)}
                            </span>
                          ) : null}{' '}
                          {a.isCorrected ? (
                            <span className="bo-tt-badge">{t('activities.corrected')}</span>
                          ) : null}
                          {open ? (
                            <span className="bo-tt-badge bo-tt-badge--warning">{t('activities.noEnd')}</span>
                          ) : null}
                        </td>
                        <td>
                          <Button
                            small
                            variant={open ? 'primary' : 'secondary'}
                            onClick={() => setCorrecting(a)}
                          >
                            {t('activities.correct')}
                            <span className="ui-visually-hidden">
                              {' '}
                              {nameOf(a.userId)}, {dayText(a.day)}
                            </span>
                          </Button>
                          {a.corrections.length > 0 ? (
                            <Button
                              small
                              variant="ghost"
                              aria-expanded={expanded.has(a.id)}
                              aria-controls={detailId}
                              onClick={() => toggle(a.id)}
                            >
                              {t('activities.corrections', { count: a.corrections.length })}
                            </Button>
                          ) : null}
                        </td>
                      </tr>
                      {a.corrections.length > 0 && expanded.has(a.id) ? (
                        <tr id={detailId}>
                          <td colSpan={7}>
                            <ul className="bo-tt-corrections">
                              {a.corrections.map((c) => (
                                <li key={c.at}>
                                  {t('activities.correction', {
                                    who: c.by.name ?? nameOf(c.by.id),
                                    at: atText(c.at),
                                    times: spanText(c, a.timeZone, a.day),
                                    reason: c.reason,
                                  })}
                                </li>
                              ))}
                            </ul>
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  )
                })}
              </tbody>
            </table>
          </div>
        )
      ) : null}
      {correcting ? (
        <CorrectionDialog
          activity={correcting}
          who={nameOf(correcting.userId)}
          day={dayText(correcting.day)}
          onClose={() => setCorrecting(null)}
          onSaved={(saved) => {
            setCorrecting(null)
            setNotice(t('activities.savedCorrection', { name: nameOf(saved.userId) }))
            setExpanded((current) => new Set(current).add(saved.id))
            setState((current) =>
              current.status === 'ready'
                ? { ...current, activities: current.activities.map((a) => (a.id === saved.id ? saved : a)) }
                : current,
            )
          }}
        />
      ) : null}
    </main>
  )
}

/** The correction: start, end, pauses (add, remove) and the required reason; refusals at their fields. */
function CorrectionDialog({
  activity,
  who,
  day,
  onClose,
  onSaved,
}: {
  activity: WorkingActivityView
  who: string
  day: string
  onClose: () => void
  onSaved: (saved: WorkingActivityView) => void
}) {
  const t = useT('bo-time-tracking')
  const tc = useT('bo-common')
  const [form, setForm] = useState<CorrectionForm>(() => correctionFormOf(activity))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const set = (patch: Partial<CorrectionForm>) => setForm((f) => ({ ...f, ...patch }))
  const setPause = (i: number, patch: Partial<CorrectionForm['pauses'][number]>) =>
    setForm((f) => ({ ...f, pauses: f.pauses.map((p, j) => (j === i ? { ...p, ...patch } : p)) }))

  const save = async () => {
    const made = correctionBody(form, activity.timeZone)
    if ('errors' in made) {
      setErrors(Object.fromEntries(Object.entries(made.errors).map(([f, key]) => [f, t(key)])))
      return
    }
    setErrors({})
    setBusy(true)
    try {
      const saved = await apiSend<WorkingActivityView>(
        'POST',
        `/working-activities/${encodeURIComponent(activity.id)}/corrections`,
        made.body,
        { headers: { 'Idempotency-Key': crypto.randomUUID() } },
      )
      onSaved(saved)
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        const next: Record<string, string> = {}
        for (const e of error.errors) next[correctionFieldOf(e.field)] ??= e.message
        setErrors(next)
      } else setErrors({ form: t('error.correction') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      title={t('correction.title', { name: who, day })}
      closeLabel={tc('close')}
      cancelLabel={tc('cancel')}
      submitLabel={busy ? tc('saving') : t('correction.save')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      className="bo-tt-dialog"
    >
      <p className="bo-tt__intro">
        {t('correction.recorded', { times: spanText(activity.recorded, activity.timeZone, activity.day) })}
      </p>
      {errors.form ? (
        <p className="ui-field__error bo-tt-dialog__notice" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="bo-tt-dialog__row">
        <Field label={t('field.start')} required error={errors.start}>
          <input
            className="ui-input"
            type="datetime-local"
            value={form.start}
            onChange={(e) => set({ start: e.target.value })}
          />
        </Field>
        <Field label={t('field.end')} required error={errors.end}>
          <input
            className="ui-input"
            type="datetime-local"
            value={form.end}
            onChange={(e) => set({ end: e.target.value })}
          />
        </Field>
      </div>
      <fieldset className="bo-tt-dialog__shift">
        <legend>{t('activities.pauses')}</legend>
        {errors.pauses ? (
          <p className="ui-field__error" role="alert">
            {errors.pauses}
          </p>
        ) : null}
        {form.pauses.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: pauses are positional (the server names them pauses.N)
          <div key={i} className="bo-tt-dialog__pause">
            <Field
              label={t('correction.pauseStart', { n: i + 1 })}
              error={errors[`pauses.${i}.start`] ?? errors[`pauses.${i}`]}
            >
              <input
                className="ui-input"
                type="datetime-local"
                value={p.start}
                onChange={(e) => setPause(i, { start: e.target.value })}
              />
            </Field>
            <Field label={t('correction.pauseEnd', { n: i + 1 })} error={errors[`pauses.${i}.end`]}>
              <input
                className="ui-input"
                type="datetime-local"
                value={p.end}
                onChange={(e) => setPause(i, { end: e.target.value })}
              />
            </Field>
            <Button
              small
              variant="ghost"
              onClick={() => setForm((f) => ({ ...f, pauses: f.pauses.filter((_, j) => j !== i) }))}
            >
              {t('correction.removePause', { n: i + 1 })}
            </Button>
          </div>
        ))}
        <Button
          small
          variant="secondary"
          onClick={() => setForm((f) => ({ ...f, pauses: [...f.pauses, { start: '', end: '' }] }))}
        >
          {t('correction.addPause')}
        </Button>
      </fieldset>
      <Field label={t('correction.reason')} hint={t('correction.reasonHint')} required error={errors.reason}>
        <textarea
          className="ui-textarea"
          rows={2}
          maxLength={500}
          value={form.reason}
          onChange={(e) => set({ reason: e.target.value })}
        />
      </Field>
    </FormDialog>
  )
}
