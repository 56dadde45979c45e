/**
 * /backend/time-tracking/:token/:username: the time-tracking terminal (issue 20; docs/time-tracking.md
 * "The terminal screen"). A shared tablet at the door opens one employee's link (their access
 * token and username, no login): clock in, pause, resume, clock out; the running time, today's
 * totals and the plan of this week and next beside the hours worked. Another tablet may act for
 * the same employee: the state is read again every 10 s while the page is visible, on focus and
 * after every refusal.
 */
import type { MeRecord, TerminalProject, TimeTrackingState } from '@shop/shared/contracts'
import { wallClockOf } from '@shop/shared/domain/scheduling/zoned-time.ts'
import { Button, buttonClass, Notice, Spinner } from '@shop/ui'
import { type RefObject, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useParams } from 'react-router'
import { ApiError, messageOf } from '../../lib/api.ts'
import { type Translate, useLocale, useT } from '../../lib/i18n.tsx'
import { type TerminalApi, terminalApi } from './terminal-api.ts'
import {
  actionsOf,
  branchesOfUser,
  branchStorageKey,
  clockSkew,
  formatClock,
  formatHoursMinutes,
  initialBranch,
  liveTotals,
  newIdempotencyKey,
  type PlanEntry,
  type PlanWeek,
  phaseOf,
  planWeeks,
  type TerminalAction,
  type TerminalBranch,
  todayIn,
} from './terminal-model.ts'
import './time-terminal.css'

const POLL_MS = 10_000
/** The plan and the projects change seldom: read again on focus and every few minutes. */
const SLOW_POLL_MS = 5 * 60_000

type Loaded = {
  me: MeRecord
  /** Every branch of the shop (names and zones of shifts). */
  allBranches: TerminalBranch[]
  /** The branches the user may start at. */
  branches: TerminalBranch[]
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'unreachable' }
  | { kind: 'ready'; loaded: Loaded }

/** One action as the user asked for it; a retry sends it again with the same key. */
type Attempt = { action: TerminalAction; body: Record<string, unknown>; key: string }

type Message =
  | { kind: 'refused'; text: string }
  | { kind: 'offline'; text: string; retry: Attempt }
  | { kind: 'choose-branch'; text: string }

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404
/** A refusal the server decided (4xx); anything else (offline, 5xx) may not have arrived. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500

const readStorage = (key: string) => {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}
const writeStorage = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value)
  } catch {
    // A tablet in private mode: the choice is simply not remembered.
  }
}

export function TimeTerminalPage() {
  const { token = '', username = '' } = useParams()
  const t = useT('bo-time-terminal')
  const api = useMemo(() => terminalApi(token, username), [token, username])
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' })
  const [state, setState] = useState<TimeTrackingState | null>(null)
  const skew = useRef(0)

  const receive = useCallback((next: TimeTrackingState) => {
    skew.current = clockSkew(next.at, Date.now())
    setState(next)
  }, [])

  const load = useCallback(async () => {
    setPhase({ kind: 'loading' })
    try {
      const [me, allBranches] = await Promise.all([
        api.me(),
        api.branches().catch(() => [] as TerminalBranch[]),
      ])
      const branches = branchesOfUser(allBranches, me.user, me.roles)
      const chosen = initialBranch(branches, readStorage(branchStorageKey(token, username)))
      receive(await api.state(chosen))
      setPhase({ kind: 'ready', loaded: { me, allBranches, branches } })
    } catch (error) {
      setPhase({ kind: isGone(error) ? 'invalid' : 'unreachable' })
    }
  }, [api, receive, token, username])

  useEffect(() => {
    void load()
  }, [load])
  const onGone = useCallback(() => setPhase({ kind: 'invalid' }), [])

  useEffect(() => {
    document.title = t('title')
  }, [t])

  if (phase.kind === 'loading') {
    return (
      <main id="main" className="tt-page tt-page--center">
        <Spinner label={t('loading')} />
      </main>
    )
  }
  if (phase.kind === 'invalid') return <InvalidLink t={t} />
  if (phase.kind === 'unreachable' || !state) {
    return (
      <main id="main" className="tt-page tt-page--center">
        <div className="tt-refusal">
          <h1>{t('title')}</h1>
          <Notice tone="danger" live="assertive">
            <p>{t('unreachable')}</p>
          </Notice>
          <Button className="tt-button" onClick={() => void load()}>
            {t('retry')}
          </Button>
        </div>
      </main>
    )
  }
  return (
    <Terminal
      api={api}
      token={token}
      username={username}
      loaded={phase.loaded}
      state={state}
      skew={skew}
      receive={receive}
      onGone={onGone}
    />
  )
}

/** A wrong token or username (the API's one 404): one message, nothing to press. */
function InvalidLink({ t }: { t: Translate }) {
  return (
    <main id="main" className="tt-page tt-page--center">
      <div className="tt-refusal" data-testid="tt-invalid">
        <h1>{t('title')}</h1>
        <Notice tone="danger" live="assertive">
          <p>{t('invalid')}</p>
        </Notice>
      </div>
    </main>
  )
}

function Terminal({
  api,
  token,
  username,
  loaded,
  state,
  skew,
  receive,
  onGone,
}: {
  api: TerminalApi
  token: string
  username: string
  loaded: Loaded
  state: TimeTrackingState
  skew: RefObject<number>
  receive: (state: TimeTrackingState) => void
  onGone: () => void
}) {
  const t = useT('bo-time-terminal')
  const { locale } = useLocale()
  const ids = useId()
  const storageKey = branchStorageKey(token, username)
  const [branchId, setBranchId] = useState<string | null>(() =>
    initialBranch(loaded.branches, readStorage(storageKey)),
  )
  const [projectId, setProjectId] = useState('')
  const [taskId, setTaskId] = useState('')
  const [projects, setProjects] = useState<TerminalProject[]>([])
  const [plan, setPlan] = useState<PlanEntry[] | 'failed' | null>(null)
  const [pending, setPending] = useState<TerminalAction | null>(null)
  const [message, setMessage] = useState<Message | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [offline, setOffline] = useState(false)
  const [now, setNow] = useState(() => Date.now())
  /** Where focus goes after the next render: the first action button, the retry, the branches. */
  const [focusTo, setFocusTo] = useState<'primary' | 'retry' | 'branch' | null>(null)
  const actionsRef = useRef<HTMLDivElement>(null)
  const retryRef = useRef<HTMLButtonElement>(null)
  const branchRef = useRef<HTMLFieldSetElement>(null)
  /** Counts actions begun and ended: a poll read before or during an action is stale. */
  const epoch = useRef(0)
  const busy = useRef(false)

  /** The branch whose zone names today: the running activity's, else the one chosen. */
  const branchHint = useRef<string | null>(null)
  branchHint.current = state.current?.branchId ?? branchId

  /** Reads the state again (a poll, a focus, after a refusal); drops an answer an action overtook. */
  const refresh = useCallback(
    async (opts: { force?: boolean } = {}) => {
      if (busy.current && !opts.force) return
      const started = epoch.current
      try {
        const next = await api.state(branchHint.current)
        setOffline(false)
        if (opts.force || (epoch.current === started && !busy.current)) receive(next)
      } catch (error) {
        if (isGone(error)) onGone()
        else setOffline(true)
      }
    },
    [api, receive, onGone],
  )

  const refreshSlow = useCallback(async () => {
    const [entries, list] = await Promise.allSettled([api.schedules(), api.projects()])
    if (entries.status === 'fulfilled') setPlan(entries.value)
    else if (isGone(entries.reason)) onGone()
    else setPlan((old) => (Array.isArray(old) ? old : 'failed'))
    if (list.status === 'fulfilled') setProjects(list.value)
  }, [api, onGone])

  // The running time ticks every second (computed from the times, not from the ticks).
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])

  useEffect(() => {
    void refreshSlow()
  }, [refreshSlow])

  // Another tablet may act: read every 10 s while visible, and when the page comes back.
  useEffect(() => {
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh()
    }, POLL_MS)
    const slow = setInterval(() => {
      if (document.visibilityState === 'visible') void refreshSlow()
    }, SLOW_POLL_MS)
    const onBack = () => {
      if (document.visibilityState !== 'visible') return
      void refresh()
      void refreshSlow()
    }
    document.addEventListener('visibilitychange', onBack)
    window.addEventListener('focus', onBack)
    return () => {
      clearInterval(poll)
      clearInterval(slow)
      document.removeEventListener('visibilitychange', onBack)
      window.removeEventListener('focus', onBack)
    }
  }, [refresh, refreshSlow])

  useEffect(() => {
    if (!focusTo) return
    if (focusTo === 'primary') actionsRef.current?.querySelector<HTMLButtonElement>('button')?.focus()
    if (focusTo === 'retry') retryRef.current?.focus()
    if (focusTo === 'branch') branchRef.current?.querySelector<HTMLInputElement>('input')?.focus()
    setFocusTo(null)
  }, [focusTo])

  const zone = state.timeZone
  const clockNow = now + (skew.current ?? 0)
  const live = liveTotals(state, clockNow)
  const today = todayIn(clockNow, zone)
  const current = state.current
  const phase = phaseOf(state)
  const branchName = (id: string | null | undefined) =>
    loaded.allBranches.find((b) => b.id === id)?.name ?? id ?? ''
  const timeOf = (iso: string) => wallClockOf(Date.parse(iso), zone).time

  async function run(attempt: Attempt) {
    if (busy.current) return
    busy.current = true
    epoch.current += 1
    setPending(attempt.action)
    setMessage(null)
    setAnnouncement('')
    try {
      const next = await api.act(attempt.action, attempt.body, attempt.key)
      receive(next)
      setOffline(false)
      setAnnouncement(doneText(t, attempt.action, next))
      setFocusTo('primary')
    } catch (error) {
      if (isGone(error)) {
        onGone()
        return
      }
      if (isRefusal(error)) {
        setMessage({ kind: 'refused', text: messageOf(error, t('refused')) })
        // Another tablet may have acted: show what the server has now.
        await refresh({ force: true })
        setFocusTo('primary')
      } else {
        setMessage({ kind: 'offline', text: t('offlineAction'), retry: attempt })
        setFocusTo('retry')
      }
    } finally {
      epoch.current += 1
      busy.current = false
      setPending(null)
    }
  }

  function act(action: TerminalAction) {
    let body: Record<string, unknown> = {}
    if (action === 'start') {
      if (!branchId) {
        setMessage({ kind: 'choose-branch', text: t('branch.required') })
        setFocusTo('branch')
        return
      }
      body = { branchId, ...(projectId ? { projectId } : {}), ...(taskId ? { taskId } : {}) }
    }
    void run({ action, body, key: newIdempotencyKey() })
  }

  function chooseBranch(id: string) {
    setBranchId(id)
    writeStorage(storageKey, id)
    setProjectId('')
    setTaskId('')
    if (message?.kind === 'choose-branch') setMessage(null)
  }

  const branchProjects = projects.filter((p) => p.branchId === null || p.branchId === branchId)
  const project = branchProjects.find((p) => p.id === projectId)
  const weeks = Array.isArray(plan)
    ? planWeeks({
        today,
        entries: plan,
        worked: live.weekDays,
        zoneOf: (id) => loaded.allBranches.find((b) => b.id === id)?.timeZone ?? zone,
      })
    : null

  const statusText =
    phase === 'idle'
      ? t('phase.idle')
      : phase === 'running'
        ? t('phase.running', { time: timeOf(current!.start) })
        : t('phase.paused', { time: timeOf(current!.pauses.at(-1)?.start ?? current!.start) })
  const currentProject = projects.find((p) => p.id === current?.projectId)
  const dateText = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(Date.parse(`${today}T00:00:00Z`))

  return (
    <main id="main" className="tt-page" data-phase={phase}>
      <header className="tt-header">
        <p className="tt-header__kicker">{t('title')}</p>
        <h1 className="tt-header__name">{loaded.me.user.displayName || loaded.me.user.username}</h1>
        <p className="tt-header__date">{t('today', { date: dateText })}</p>
      </header>

      <div className="tt-layout">
        <section className="tt-card tt-now" aria-labelledby={`${ids}-status`}>
          <h2 id={`${ids}-status`} className="tt-now__status" data-testid="tt-status">
            {statusText}
          </h2>
          {current ? (
            <>
              <p className="tt-now__clock-label">{t('runningLabel')}</p>
              <p className="tt-now__clock" data-testid="tt-running">
                {formatClock(live.runningSeconds)}
              </p>
              <p className="tt-now__where">
                {[
                  t('at.branch', { name: branchName(current.branchId) }),
                  currentProject ? t('at.project', { name: currentProject.name }) : null,
                  current.taskId && currentProject
                    ? t('at.task', {
                        name: currentProject.tasks.find((x) => x.id === current.taskId)?.name ?? '',
                      })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </>
          ) : (
            <StartChoices
              ids={ids}
              t={t}
              branches={loaded.branches}
              branchId={branchId}
              onBranch={chooseBranch}
              branchRef={branchRef}
              branchError={message?.kind === 'choose-branch' ? message.text : null}
              projects={branchProjects}
              projectId={projectId}
              onProject={(id) => {
                setProjectId(id)
                setTaskId('')
              }}
              tasks={project?.tasks ?? []}
              taskId={taskId}
              onTask={setTaskId}
              disabled={pending !== null}
            />
          )}

          <div className="tt-actions" ref={actionsRef}>
            {phase === 'idle' && loaded.branches.length === 0 ? (
              <Notice tone="warning">
                <p>{t('branch.none')}</p>
              </Notice>
            ) : (
              actionsOf(phase).map((action, i) => (
                <Button
                  key={action}
                  variant={i === 0 ? 'primary' : action === 'end' ? 'danger' : 'secondary'}
                  className={`tt-button tt-button--${action}`}
                  disabled={pending !== null}
                  aria-busy={pending === action}
                  onClick={() => act(action)}
                >
                  {pending === action ? t('working') : t(`action.${action}`)}
                </Button>
              ))
            )}
          </div>

          {message && message.kind !== 'choose-branch' ? (
            <div className="tt-message" role="alert" data-testid="tt-alert">
              <p>{message.text}</p>
              {message.kind === 'refused' ? <p>{t('refreshed')}</p> : null}
              {message.kind === 'offline' ? (
                <button
                  type="button"
                  ref={retryRef}
                  className={`${buttonClass('primary')} tt-button`}
                  onClick={() => void run(message.retry)}
                >
                  {t('retry')}
                </button>
              ) : null}
            </div>
          ) : null}
          <p className="tt-announcement" role="status" data-testid="tt-announcement">
            {announcement}
          </p>
          {offline ? (
            <p className="tt-offline" data-testid="tt-offline">
              {t('offline')}
            </p>
          ) : null}
        </section>

        <section className="tt-card tt-totals" aria-labelledby={`${ids}-totals`}>
          <h2 id={`${ids}-totals`}>{t('totals.title')}</h2>
          <dl className="tt-totals__list">
            <div>
              <dt>{t('totals.worked')}</dt>
              <dd data-testid="tt-today-worked">
                {t('totals.hours', { value: formatHoursMinutes(live.todayWorkedSeconds) })}
              </dd>
            </div>
            <div>
              <dt>{t('totals.break')}</dt>
              <dd data-testid="tt-today-break">
                {t('totals.hours', { value: formatHoursMinutes(live.todayBreakSeconds) })}
              </dd>
            </div>
            <div>
              <dt>{t('totals.week')}</dt>
              <dd data-testid="tt-week-worked">
                {t('totals.hours', { value: formatHoursMinutes(live.weekWorkedSeconds) })}
              </dd>
            </div>
          </dl>
        </section>

        <section className="tt-card tt-plan" aria-labelledby={`${ids}-plan`}>
          <h2 id={`${ids}-plan`}>{t('plan.title')}</h2>
          {plan === 'failed' ? <p>{t('plan.failed')}</p> : null}
          {weeks === null ? null : (
            <PlanTables
              weeks={weeks}
              t={t}
              locale={locale}
              branchName={loaded.branches.length > 1 ? branchName : null}
            />
          )}
        </section>
      </div>
    </main>
  )
}

function doneText(t: Translate, action: TerminalAction, next: TimeTrackingState): string {
  const zone = next.timeZone
  const time = (iso: string) => wallClockOf(Date.parse(iso), zone).time
  const current = next.current
  if (action === 'start' && current) return t('done.start', { time: time(current.start) })
  if (action === 'pause' && current)
    return t('done.pause', { time: time(current.pauses.at(-1)?.start ?? next.at) })
  if (action === 'resume' && current)
    return t('done.resume', { time: time(current.pauses.at(-1)?.end ?? next.at) })
  return t('done.end', { time: time(next.at), worked: formatHoursMinutes(next.today.workedSeconds) })
}

function StartChoices({
  ids,
  t,
  branches,
  branchId,
  onBranch,
  branchRef,
  branchError,
  projects,
  projectId,
  onProject,
  tasks,
  taskId,
  onTask,
  disabled,
}: {
  ids: string
  t: Translate
  branches: TerminalBranch[]
  branchId: string | null
  onBranch: (id: string) => void
  branchRef: RefObject<HTMLFieldSetElement | null>
  branchError: string | null
  projects: TerminalProject[]
  projectId: string
  onProject: (id: string) => void
  tasks: { id: string; name: string }[]
  taskId: string
  onTask: (id: string) => void
  disabled: boolean
}) {
  return (
    <div className="tt-choices">
      {branches.length > 1 ? (
        <fieldset
          ref={branchRef}
          className="tt-branches"
          aria-describedby={branchError ? `${ids}-branch-error` : `${ids}-branch-hint`}
        >
          <legend>{t('branch.legend')}</legend>
          <p id={`${ids}-branch-hint`} className="tt-hint">
            {t('branch.hint')}
          </p>
          <div className="tt-branches__list">
            {branches.map((b) => (
              <label key={b.id} className="tt-branch">
                <input
                  type="radio"
                  name={`${ids}-branch`}
                  value={b.id}
                  checked={branchId === b.id}
                  disabled={disabled}
                  onChange={() => onBranch(b.id)}
                />
                <span>{b.name}</span>
              </label>
            ))}
          </div>
          {branchError ? (
            <p id={`${ids}-branch-error`} className="tt-error" role="alert">
              {branchError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {projects.length > 0 && branchId ? (
        <div className="tt-projects">
          <label className="tt-select">
            <span>{t('project.label')}</span>
            <select
              className="ui-input"
              value={projectId}
              disabled={disabled}
              onChange={(e) => onProject(e.target.value)}
            >
              <option value="">{t('project.none')}</option>
              {projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          {tasks.length > 0 ? (
            <label className="tt-select">
              <span>{t('project.task')}</span>
              <select
                className="ui-input"
                value={taskId}
                disabled={disabled}
                onChange={(e) => onTask(e.target.value)}
              >
                <option value="">{t('project.noTask')}</option>
                {tasks.map((task) => (
                  <option key={task.id} value={task.id}>
                    {task.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

function PlanTables({
  weeks,
  t,
  locale,
  branchName,
}: {
  weeks: PlanWeek[]
  t: Translate
  locale: string
  branchName: ((id: string | null) => string) | null
}) {
  const dayFormat = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  })
  return (
    <div className="tt-plan__weeks">
      {weeks.map((week, index) => (
        <table
          key={week.from}
          className="tt-week"
          data-testid={index === 0 ? 'tt-this-week' : 'tt-next-week'}
        >
          <caption>{index === 0 ? t('plan.thisWeek') : t('plan.nextWeek')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('plan.day')}</th>
              <th scope="col">{t('plan.planned')}</th>
              {index === 0 ? <th scope="col">{t('plan.worked')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {week.days.map((day) => (
              <tr
                key={day.date}
                className={day.isToday ? 'tt-week__today' : undefined}
                aria-current={day.isToday ? 'date' : undefined}
                data-date={day.date}
              >
                <th scope="row">
                  {dayFormat.format(Date.parse(`${day.date}T00:00:00Z`))}
                  {day.isToday ? <span className="tt-week__mark">{t('plan.todayMark')}</span> : null}
                </th>
                <td>
                  {day.shifts.length === 0 && day.absences.length === 0 ? (
                    <span className="tt-muted">{t('plan.free')}</span>
                  ) : null}
                  {day.absences.map((a) => (
                    <span key={a.id} className={`tt-absence tt-absence--${a.kind}`}>
                      {t(`plan.${a.kind}`)}
                      {a.note ? ` · ${a.note}` : ''}
                    </span>
                  ))}
                  {day.shifts.map((s) => (
                    <span key={s.id} className="tt-shift">
                      {`${s.start}–${s.end}`}
                      {s.endsNextDay ? ` ${t('plan.nextDay')}` : ''}
                      {s.breakMinutes > 0 ? ` · ${t('plan.break', { minutes: s.breakMinutes })}` : ''}
                      {branchName ? ` · ${branchName(s.branchId)}` : ''}
                      {s.note ? ` · ${s.note}` : ''}
                    </span>
                  ))}
                </td>
                {index === 0 ? (
                  <td>
                    {day.workedSeconds
                      ? t('totals.hours', { value: formatHoursMinutes(day.workedSeconds) })
                      : '–'}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  )
}
