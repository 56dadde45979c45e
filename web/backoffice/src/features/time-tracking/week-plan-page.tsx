import {
  DndContext,
  type DragEndEvent,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { DEFAULT_TIME_ZONE } from '@shop/shared/contracts/http/resources.http.ts'
import { addDays, localDateOf } from '@shop/shared/domain/scheduling/zoned-time.ts'
import {
  addWeeks,
  daysOfWeek,
  mondayOfWeekKey,
  moveShiftToDay,
} from '@shop/shared/domain/time-tracking/plan-week.ts'
import { Button, Notice, Spinner } from '@shop/ui'
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { apiGet, apiSend, messageOf } from '../../lib/api.ts'
import { SelectFilter } from '../../lib/filters.tsx'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { isStale, listResources, type StoredResource, updateResource, useLoad } from '../../lib/resources.ts'
import { useSession } from '../../lib/session.tsx'
import { EntryDialog } from './entry-dialog.tsx'
import {
  employeesOf,
  hoursOf,
  layoutWeek,
  movedBody,
  type PlanEntry,
  type PlanRow,
  type ShiftBlock,
  weekFromSearch,
  weekHeading,
} from './week-model.ts'
import './time-tracking.css'

type Opened = { entry: PlanEntry | null; userId: string; date: string }
type UserItem = StoredResource & { username?: string; displayName?: string; branches?: { id: string }[] }

/**
 * The week plan (issue 20; docs/backoffice.md "Dienstplan"): a branch's employees by day, Monday
 * to Sunday of one ISO week (branch and week in the address). A click (or Enter) on an empty cell
 * plans a shift or an absence; a shift opened is changed, moved (employee, day) or deleted; a
 * shift dragged to another cell moves there with its local times (PUT with the version read).
 * "Vorwoche kopieren" copies the branch's shifts of the week before in one request.
 */
export function WeekPlanPage() {
  const t = useT('bo-time-tracking')
  const tc = useT('bo-common')
  const { locale } = useLocale()
  const { branches } = useSession()
  const [params, setParams] = useSearchParams()
  const branchId =
    params.get('branch') && branches.some((b) => b.id === params.get('branch'))
      ? params.get('branch')!
      : (branches[0]?.id ?? '')
  const [branchList] = useLoad(() => listResources('branches'), 'branches')
  const timeZone =
    (branchList.status === 'ready'
      ? (branchList.value.find((b) => b.id === branchId)?.timeZone as string | undefined)
      : undefined) ?? DEFAULT_TIME_ZONE
  const today = localDateOf(Date.now(), timeZone)
  const week = weekFromSearch(params.get('week'), today)
  const monday = mondayOfWeekKey(week)!
  const days = daysOfWeek(monday)
  const [users] = useLoad(() => apiGet<UserItem[]>('/users'), 'users')
  const [plan, reload] = useLoad(
    () =>
      listResources<PlanEntry & StoredResource>('working-schedules', {
        from: addDays(monday, -1),
        to: addDays(monday, 7),
      }),
    `${monday}`,
  )
  const [opened, setOpened] = useState<Opened | null>(null)
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null)
  const [copying, setCopying] = useState(false)

  const userList = users.status === 'ready' ? users.value : []
  const employees = useMemo(() => employeesOf(userList, branchId), [userList, branchId])
  const nameOf = useCallback(
    (id: string) => {
      const u = userList.find((x) => x.id === id)
      return String(u?.displayName || u?.username || id)
    },
    [userList],
  )
  const rows = useMemo(
    () =>
      plan.status === 'ready' ? layoutWeek(plan.value, employees, monday, branchId, timeZone, nameOf) : [],
    [plan, employees, monday, branchId, timeZone, nameOf],
  )
  const dayName = useCallback(
    (date: string) =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'short',
        day: '2-digit',
        month: '2-digit',
        timeZone: 'UTC',
      }).format(new Date(`${date}T12:00:00Z`)),
    [locale],
  )
  const heading = weekHeading(monday)
  const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })

  const go = (patch: { branch?: string; week?: string }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [k, v] of Object.entries(patch)) next.set(k, v)
        return next
      },
      { replace: true },
    )

  const copyLastWeek = async () => {
    setCopying(true)
    setNotice(null)
    try {
      const made = await apiSend<PlanEntry[]>(
        'POST',
        '/working-schedules/copy-week',
        { branchId, fromWeek: addWeeks(week, -1), toWeek: week },
        { headers: { 'Idempotency-Key': crypto.randomUUID() } },
      )
      setNotice({ tone: 'success', text: t('copy.done', { count: made.length }) })
      await reload()
    } catch (error) {
      setNotice({ tone: 'danger', text: messageOf(error, t('copy.failed')) })
    } finally {
      setCopying(false)
    }
  }

  const move = async (block: ShiftBlock, userId: string, date: string) => {
    const entry = block.entry
    const times = moveShiftToDay({ start: entry.start!, end: entry.end! }, date, timeZone)
    setNotice(null)
    try {
      await updateResource('working-schedules', entry.id, movedBody(entry, { userId, ...times }))
      setNotice({ tone: 'success', text: t('moved', { day: dayName(date), name: nameOf(userId) }) })
    } catch (error) {
      setNotice({
        tone: 'danger',
        text: isStale(error)
          ? `${tc('conflict.title')}. ${tc('conflict.intro')}`
          : messageOf(error, t('error.save')),
      })
    }
    await reload()
  }

  return (
    <main id="main" className="bo-page bo-tt">
      <h1>{t('plan.title')}</h1>
      <p className="bo-tt__intro">{t('plan.intro')}</p>
      <div className="bo-tt__tools">
        <SelectFilter
          id="bo-tt-branch"
          label={t('field.branch')}
          value={branchId}
          options={branches.map((b) => ({ value: b.id, label: b.name }))}
          onChange={(branch) => go({ branch })}
        />
        <nav className="bo-tt__week" aria-label={t('plan.weekNav')}>
          <Button variant="secondary" small onClick={() => go({ week: addWeeks(week, -1) })}>
            {t('plan.previous')}
          </Button>
          <h2 className="bo-tt__week-label" aria-live="polite">
            {t('plan.week', { week: heading.week, range: heading.range })}
          </h2>
          <Button variant="secondary" small onClick={() => go({ week: addWeeks(week, 1) })}>
            {t('plan.next')}
          </Button>
        </nav>
        <Button variant="secondary" onClick={() => void copyLastWeek()} disabled={copying || !branchId}>
          {copying ? t('copy.busy') : t('copy.action')}
        </Button>
      </div>
      {notice ? (
        <Notice tone={notice.tone} live={notice.tone === 'danger' ? 'assertive' : 'polite'}>
          <p>{notice.text}</p>
        </Notice>
      ) : null}
      {plan.status === 'loading' || users.status === 'loading' ? <Spinner label={tc('loading')} /> : null}
      {plan.status === 'failed' ? (
        <Notice tone="danger" live="assertive">
          <p>{t('error.loadPlan')}</p>
          <Button small variant="secondary" onClick={() => void reload()}>
            {tc('retry')}
          </Button>
        </Notice>
      ) : null}
      {plan.status === 'ready' && users.status === 'ready' ? (
        rows.length === 0 ? (
          <p className="bo-tt__empty">{t('plan.noEmployees')}</p>
        ) : (
          <PlanGrid
            rows={rows}
            days={days}
            today={today}
            dayName={dayName}
            hours={(ms) => t('plan.hours', { hours: hours.format(hoursOf(ms)) })}
            onOpen={setOpened}
            onMove={(block, userId, date) => void move(block, userId, date)}
          />
        )
      ) : null}
      {opened ? (
        <EntryDialog
          entry={opened.entry}
          start={{ userId: opened.userId, date: opened.date }}
          employees={
            employees.some((e) => e.id === opened.userId)
              ? employees
              : [...employees, { id: opened.userId, name: nameOf(opened.userId) }]
          }
          weekDays={days}
          timeZone={timeZone}
          branchId={branchId}
          dayName={dayName}
          onClose={() => setOpened(null)}
          onSaved={(text) => {
            setOpened(null)
            setNotice({ tone: 'success', text })
            void reload()
          }}
          onChanged={() => void reload()}
        />
      ) : null}
    </main>
  )
}

const cellId = (userId: string, date: string) => `${userId}|${date}`

/** Set when a drag starts: the click that ends a drag on the block opens nothing. */
const DraggedContext = createContext<{ current: boolean }>({ current: false })

/** The grid: a table (row headers: employees; column headers: days), cells droppable, shifts draggable. */
function PlanGrid({
  rows,
  days,
  today,
  dayName,
  hours,
  onOpen,
  onMove,
}: {
  rows: PlanRow[]
  days: string[]
  today: string
  dayName: (date: string) => string
  hours: (ms: number) => string
  onOpen: (opened: Opened) => void
  onMove: (block: ShiftBlock, userId: string, date: string) => void
}) {
  const t = useT('bo-time-tracking')
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }))
  const dragged = useRef(false)
  const blocks = new Map(
    rows.flatMap((r) => r.cells.flatMap((c) => c.shifts.map((s) => [s.entry.id, s] as const))),
  )
  const end = ({ active, over }: DragEndEvent) => {
    if (!over) return
    const block = blocks.get(String(active.id))
    if (!block) return
    const [userId, date] = String(over.id).split('|') as [string, string]
    const from = cellId(
      block.entry.userId,
      rows.flatMap((r) => r.cells).find((c) => c.shifts.includes(block))?.date ?? '',
    )
    if (String(over.id) === from) return
    onMove(block, userId, date)
  }
  return (
    <DraggedContext.Provider value={dragged}>
      <DndContext
        sensors={sensors}
        collisionDetection={pointerWithin}
        onDragStart={() => {
          dragged.current = true
        }}
        onDragEnd={end}
        accessibility={{
          announcements: {
            onDragStart: () => t('drag.started'),
            onDragOver: () => undefined,
            onDragEnd: ({ over }) => (over ? t('drag.dropped') : t('drag.cancelled')),
            onDragCancel: () => t('drag.cancelled'),
          },
          screenReaderInstructions: { draggable: t('drag.instructions') },
        }}
      >
        <div className="bo-tt-grid__wrap">
          <table className="bo-tt-grid">
            <caption className="ui-visually-hidden">{t('plan.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('plan.employee')}</th>
                {days.map((d) => (
                  <th
                    key={d}
                    scope="col"
                    className={d === today ? 'bo-tt-grid__today' : undefined}
                    aria-current={d === today ? 'date' : undefined}
                  >
                    {dayName(d)}
                    {d === today ? (
                      <span className="bo-tt-grid__today-mark"> · {t('plan.today')}</span>
                    ) : null}
                  </th>
                ))}
                <th scope="col">{t('plan.total')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.employee.id}>
                  <th scope="row">{row.employee.name}</th>
                  {row.cells.map((cell) => (
                    <PlanCellView
                      key={cell.date}
                      userId={row.employee.id}
                      name={row.employee.name}
                      cell={cell}
                      today={cell.date === today}
                      dayName={dayName}
                      onOpen={onOpen}
                    />
                  ))}
                  <td className="bo-tt-grid__total">{hours(row.plannedMs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </DndContext>
    </DraggedContext.Provider>
  )
}

function PlanCellView({
  userId,
  name,
  cell,
  today,
  dayName,
  onOpen,
}: {
  userId: string
  name: string
  cell: PlanRow['cells'][number]
  today: boolean
  dayName: (date: string) => string
  onOpen: (opened: Opened) => void
}) {
  const t = useT('bo-time-tracking')
  const { setNodeRef, isOver } = useDroppable({ id: cellId(userId, cell.date) })
  const empty = cell.shifts.length === 0 && cell.absences.length === 0
  const where = { name, day: dayName(cell.date) }
  return (
    <td
      ref={setNodeRef}
      className={[
        'bo-tt-grid__cell',
        today ? 'bo-tt-grid__today' : '',
        isOver ? 'bo-tt-grid__cell--over' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      data-cell={cellId(userId, cell.date)}
    >
      {cell.absences.map((a) => (
        <button
          key={a.id}
          type="button"
          className={`bo-tt-absence bo-tt-absence--${a.kind}`}
          onClick={() => onOpen({ entry: a, userId, date: cell.date })}
          aria-label={t('plan.openAbsence', { kind: t(`kind.${a.kind}`), ...where })}
        >
          {t(`kind.${a.kind}`)}
        </button>
      ))}
      {cell.shifts.map((s) => (
        <ShiftBlockView
          key={s.entry.id}
          block={s}
          where={where}
          onOpen={() => onOpen({ entry: s.entry, userId, date: cell.date })}
        />
      ))}
      <button
        type="button"
        className={empty ? 'bo-tt-grid__add bo-tt-grid__add--empty' : 'bo-tt-grid__add'}
        onClick={() => onOpen({ entry: null, userId, date: cell.date })}
        aria-label={t('plan.add', where)}
      >
        {empty ? <span aria-hidden="true">+</span> : <span aria-hidden="true">+</span>}
      </button>
    </td>
  )
}

function ShiftBlockView({
  block,
  where,
  onOpen,
}: {
  block: ShiftBlock
  where: { name: string; day: string }
  onOpen: () => void
}) {
  const t = useT('bo-time-tracking')
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({ id: block.entry.id })
  const dragged = useContext(DraggedContext)
  const times = `${block.startTime}–${block.endTime}${block.nextDay ? ' (+1)' : ''}`
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={['bo-tt-shift', isDragging ? 'bo-tt-shift--dragging' : ''].filter(Boolean).join(' ')}
      style={style}
      data-shift={block.entry.id}
      {...listeners}
      onPointerDown={(e) => {
        dragged.current = false
        listeners?.onPointerDown?.(e)
      }}
      onClick={(e) => {
        // A pointer's click that ends a drag opens nothing; a key's click (detail 0) always opens.
        if (dragged.current && e.detail > 0) dragged.current = false
        else onOpen()
      }}
    >
      <span className="ui-visually-hidden">{t('plan.shiftOf', where)} </span>
      <span className="bo-tt-shift__times">{times}</span>
      {block.entry.breakMinutes > 0 ? (
        <span className="bo-tt-shift__break">{t('plan.break', { minutes: block.entry.breakMinutes })}</span>
      ) : null}
      {block.entry.note ? <span className="bo-tt-shift__note">{block.entry.note}</span> : null}
    </button>
  )
}
