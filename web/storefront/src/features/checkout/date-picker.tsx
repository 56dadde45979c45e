import type { LocalDate } from '@shop/shared/domain/scheduling'
import { Button, Dialog, IconButton } from '@shop/ui'
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { formatDay, formatLongDate, formatMonth } from './checkout-format.ts'
import {
  type AvailabilityDay,
  addMonths,
  calendarMonth,
  compareMonths,
  monthOf,
  monthRange,
  moveDate,
} from './picker-model.ts'

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const

/**
 * Spec §2 date picker: a month calendar with ISO week numbers (KW), Mo–So, month navigation;
 * past days and days without availability are disabled (spec §5), 'Auswahl aufheben' clears
 * the appointment and 'Speichern' takes the day (disabled while the day is unavailable).
 */
export function DatePicker({
  days,
  today,
  value,
  onClose,
  onClear,
  onSave,
}: {
  days: readonly AvailabilityDay[]
  today: LocalDate
  value: LocalDate | null
  onClose: () => void
  onClear: () => void
  onSave: (date: LocalDate) => void
}) {
  const t = useT('sf-checkout')
  const { locale } = useLocale()
  // Mounted when opened: the state starts from the chosen day, else the first available one.
  const start = value ?? days.find((d) => d.isAvailable)?.date ?? today
  const [selected, setSelected] = useState<LocalDate | null>(value)
  const [view, setView] = useState(() => monthOf(start))
  const [focusDate, setFocusDate] = useState<LocalDate>(start)
  const moved = useRef(false)
  const grid = useRef<HTMLTableElement>(null)

  // Keyboard moves focus the new day once it is rendered.
  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focusDate}"]`)?.focus()
  }, [focusDate])

  const range = useMemo(() => monthRange(days, today), [days, today])
  const month = useMemo(() => calendarMonth(view.year, view.month, days, today), [view, days, today])
  const byDate = useMemo(() => new Map(days.map((d) => [d.date, d])), [days])
  const selectedDay = selected ? byDate.get(selected) : undefined
  const selectedOk = selected !== null && selected >= today && selectedDay?.isAvailable === true
  const canPrev = compareMonths(view, range.first) > 0
  const canNext = compareMonths(view, range.last) < 0
  const title = formatMonth(view.year, view.month, locale)
  // The one day in the tab order: the focused one when it is in this month, else the first.
  const inMonth = (date: LocalDate) => monthOf(date).month === view.month && monthOf(date).year === view.year
  const cells = month.weeks.flatMap((week) => week.cells).filter((cell) => cell.inMonth)
  const tabDate = inMonth(focusDate)
    ? focusDate
    : selected && inMonth(selected)
      ? selected
      : (cells.find((cell) => cell.state === 'available') ?? cells[0])?.date

  const go = (delta: number) => {
    const next = addMonths(view.year, view.month, delta)
    if (compareMonths(next, range.first) < 0 || compareMonths(next, range.last) > 0) return
    setView(next)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = moveDate(focusDate, event.key)
    if (next === null) return
    event.preventDefault()
    const nextMonth = monthOf(next)
    if (compareMonths(nextMonth, range.first) < 0 || compareMonths(nextMonth, range.last) > 0) return
    if (!inMonth(next)) setView(nextMonth)
    moved.current = true
    setFocusDate(next)
  }

  return (
    <Dialog
      open
      title={t('datePicker.title')}
      onClose={onClose}
      closeLabel={t('close')}
      className="checkout-picker-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClear}>
            {t('datePicker.clear')}
          </Button>
          <Button disabled={!selectedOk} onClick={() => selected && onSave(selected)}>
            {t('datePicker.save')}
          </Button>
        </>
      }
    >
      <div className="checkout-calendar">
        <div className="checkout-calendar__nav">
          <IconButton
            icon="chevronLeft"
            label={t('datePicker.previous')}
            disabled={!canPrev}
            onClick={() => go(-1)}
          />
          <h3 className="checkout-calendar__month" aria-live="polite">
            {title}
          </h3>
          <IconButton
            icon="chevronRight"
            label={t('datePicker.next')}
            disabled={!canNext}
            onClick={() => go(1)}
          />
        </div>
        <table className="checkout-calendar__grid" ref={grid} onKeyDown={onKeyDown}>
          <caption className="ui-visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="checkout-calendar__week">
                <abbr title={t('datePicker.weekLong')}>{t('datePicker.week')}</abbr>
              </th>
              {WEEKDAYS.map((day) => (
                <th scope="col" key={day}>
                  <abbr title={t(`datePicker.weekdaysLong.${day}`)}>{t(`datePicker.weekdays.${day}`)}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {month.weeks.map((week) => (
              <tr key={week.isoWeek}>
                <th scope="row" className="checkout-calendar__week">
                  <span className="ui-visually-hidden">{t('datePicker.weekLong')} </span>
                  {week.isoWeek}
                </th>
                {week.cells.map((cell) => {
                  if (!cell.inMonth) return <td key={cell.date} className="checkout-calendar__outside" />
                  const disabled = cell.state !== 'available'
                  const isSelected = cell.date === selected
                  const isToday = cell.date === today
                  const label = [
                    formatLongDate(cell.date, locale),
                    disabled ? t('datePicker.unavailable') : null,
                    isSelected ? t('datePicker.selected') : null,
                  ]
                    .filter(Boolean)
                    .join(', ')
                  return (
                    <td key={cell.date}>
                      <button
                        type="button"
                        data-date={cell.date}
                        className={[
                          'checkout-calendar__day',
                          isSelected ? 'is-selected' : '',
                          isToday ? 'is-today' : '',
                          disabled ? 'is-disabled' : '',
                        ]
                          .filter(Boolean)
                          .join(' ')}
                        aria-label={label}
                        aria-pressed={isSelected}
                        aria-disabled={disabled || undefined}
                        title={cell.message ?? undefined}
                        tabIndex={cell.date === tabDate ? 0 : -1}
                        onFocus={() => setFocusDate(cell.date)}
                        onClick={() => {
                          if (!disabled) setSelected(cell.date)
                        }}
                      >
                        {cell.day}
                      </button>
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="checkout-calendar__status" aria-live="polite">
          {selected
            ? selectedOk
              ? formatDay(selected, t)
              : (selectedDay?.message ?? t('datePicker.unavailable'))
            : null}
        </p>
      </div>
    </Dialog>
  )
}
