import { formatTimeOfDay, type LocalDate, parseTimeOfDay } from '@shop/shared/domain/scheduling'
import { Button, Dialog, IconButton, Notice } from '@shop/ui'
import { useId, useState } from 'react'
import { useT } from '../../lib/i18n.tsx'
import { formatDay } from './checkout-format.ts'
import { type AvailabilityDay, initialMinutes, isInWindows, stepMinutes } from './picker-model.ts'

/** Spec §9: time picker minute step default 5. */
export const MINUTE_STEP = 5

/**
 * Spec §2 time picker: hour and minute steppers, the day's windows under 'Verfügbare Zeiten:',
 * 'Abbrechen' and 'Speichern'; save is disabled outside the windows and a day without any shows
 * 'Zum ausgewählten Tag sind keine Termine verfügbar.' (spec §5). Mounted when opened.
 */
export function TimePicker({
  date,
  day,
  timeZone,
  step,
  appointment,
  onClose,
  onSave,
}: {
  date: LocalDate
  day: AvailabilityDay | undefined
  timeZone: string
  step: number
  appointment: string | null
  onClose: () => void
  onSave: (minutes: number) => void
}) {
  const t = useT('sf-checkout')
  const ts = useT('scheduling')
  const [minutes, setMinutes] = useState(() => initialMinutes(date, day, appointment, timeZone))
  const minuteStep = Math.max(MINUTE_STEP, step)
  const windows = day?.windows ?? []
  const ok = isInWindows(date, minutes, day, timeZone, step)
  const time = formatTimeOfDay(minutes)
  const statusId = useId()
  return (
    <Dialog
      open
      title={t('timePicker.title')}
      onClose={onClose}
      closeLabel={t('close')}
      className="checkout-picker-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('timePicker.cancel')}
          </Button>
          <Button disabled={!ok} aria-describedby={statusId} onClick={() => onSave(minutes)}>
            {t('timePicker.save')}
          </Button>
        </>
      }
    >
      <p className="checkout-time__date">{formatDay(date, t)}</p>
      <div className="checkout-time__steppers">
        <Stepper
          label={t('timePicker.hour')}
          value={time.slice(0, 2)}
          upLabel={t('timePicker.hourUp')}
          downLabel={t('timePicker.hourDown')}
          onUp={() => setMinutes((m) => stepMinutes(m, 60))}
          onDown={() => setMinutes((m) => stepMinutes(m, -60))}
        />
        <span className="checkout-time__colon" aria-hidden="true">
          :
        </span>
        <Stepper
          label={t('timePicker.minute')}
          value={time.slice(3, 5)}
          upLabel={t('timePicker.minuteUp', { step: minuteStep })}
          downLabel={t('timePicker.minuteDown', { step: minuteStep })}
          onUp={() => setMinutes((m) => stepMinutes(m - (m % minuteStep), minuteStep))}
          onDown={() =>
            setMinutes((m) => (m % minuteStep ? m - (m % minuteStep) : stepMinutes(m, -minuteStep)))
          }
        />
      </div>
      <div id={statusId} className="checkout-time__status" aria-live="polite">
        {windows.length === 0 ? (
          <Notice tone="warning">
            <p>{ts('unavailable.noSlotsDay')}</p>
          </Notice>
        ) : ok ? (
          <p className="checkout-time__ok">{t('timePicker.chosen', { time })}</p>
        ) : (
          <Notice tone="warning">
            <p>{ts('unavailable.outsideHours')}</p>
          </Notice>
        )}
      </div>
      {windows.length > 0 ? (
        <div className="checkout-time__windows">
          <h3>{ts('timePicker.availableTimes')}</h3>
          <ul>
            {windows.map((window) => (
              <li key={window.first}>
                <button
                  type="button"
                  className="checkout-time__window"
                  aria-label={`${ts('timePicker.window', { from: window.from, to: window.to })}. ${t('timePicker.pickWindow', { from: window.from })}`}
                  onClick={() => setMinutes(parseTimeOfDay(window.from) ?? minutes)}
                >
                  {ts('timePicker.window', { from: window.from, to: window.to })}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Dialog>
  )
}

function Stepper({
  label,
  value,
  upLabel,
  downLabel,
  onUp,
  onDown,
}: {
  label: string
  value: string
  upLabel: string
  downLabel: string
  onUp: () => void
  onDown: () => void
}) {
  return (
    <fieldset className="checkout-stepper">
      <legend className="checkout-stepper__label">{label}</legend>
      <IconButton icon="plus" label={upLabel} onClick={onUp} />
      <output className="checkout-stepper__value" aria-live="polite" aria-label={`${label} ${value}`}>
        {value}
      </output>
      <IconButton icon="minus" label={downLabel} onClick={onDown} />
    </fieldset>
  )
}
