import type { LocalDate } from '@shop/shared/domain/scheduling'
import { Button, Icon, Notice, Spinner } from '@shop/ui'
import { useT } from '../../lib/i18n.tsx'
import type { Branch } from '../../lib/shop-data.tsx'
import { fieldProps, Section, useCheckoutFields } from './checkout-fields.tsx'
import { formatDay, formatWhen } from './checkout-format.ts'
import { dateOf, isInWindows, timeOf } from './picker-model.ts'
import type { AvailabilityState } from './use-availability.ts'

/**
 * "Gewünschter Termin": the date and time buttons that open the pickers, what is chosen (or
 * the first slot as soon as possible), a warning when the chosen time left the opening hours.
 */
export function AppointmentSection({
  branch,
  availability,
  appointment,
  timeZone,
  today,
  onDate,
  onTime,
  onReset,
}: {
  branch: Branch
  availability: AvailabilityState
  /** The cart's appointment (an instant), null for as soon as possible. */
  appointment: string | null
  timeZone: string
  today: LocalDate
  onDate: () => void
  onTime: () => void
  onReset: () => void
}) {
  const t = useT('sf-checkout')
  const { errorOf } = useCheckoutFields()
  const days = availability.data?.days ?? []
  const appointmentDate = appointment ? dateOf(appointment, timeZone) : null
  const appointmentDay = appointmentDate ? days.find((d) => d.date === appointmentDate) : undefined
  const appointmentOutside =
    appointment !== null &&
    availability.data !== undefined &&
    appointmentDate !== null &&
    !isInWindows(
      appointmentDate,
      Number(timeOf(appointment, timeZone).slice(0, 2)) * 60 + Number(timeOf(appointment, timeZone).slice(3)),
      appointmentDay,
      timeZone,
      availability.data.stepMinutes,
    )
  return (
    <Section id="checkout-when" title={t('appointment.heading')} icon="calendar">
      <div className="checkout-when" {...fieldProps('appointmentDate')} tabIndex={-1}>
        <div className="checkout-when__pickers">
          <button
            type="button"
            className="checkout-when__button"
            aria-describedby="checkout-when-status"
            disabled={!availability.data}
            onClick={onDate}
          >
            <Icon name="calendar" />
            <span>
              <span className="checkout-when__label">{t('appointment.date')}</span>
              <span className="checkout-when__value">
                {appointmentDate
                  ? formatDay(appointmentDate, t)
                  : branch.isAppointmentRequired
                    ? t('appointment.choose')
                    : t('appointment.asap')}
              </span>
            </span>
          </button>
          <button
            type="button"
            className="checkout-when__button"
            aria-describedby="checkout-when-status"
            disabled={!availability.data}
            onClick={onTime}
          >
            <Icon name="clock" />
            <span>
              <span className="checkout-when__label">{t('appointment.time')}</span>
              <span className="checkout-when__value">
                {appointment
                  ? t('appointment.timeValue', { time: timeOf(appointment, timeZone) })
                  : branch.isAppointmentRequired
                    ? t('appointment.choose')
                    : t('appointment.asapTime')}
              </span>
            </span>
          </button>
        </div>
        <div id="checkout-when-status" className="checkout-when__status" aria-live="polite">
          {availability.error && !availability.data ? (
            <Notice tone="warning">
              <p>{t('appointment.loadFailed')}</p>
              <Button small variant="secondary" onClick={availability.reload}>
                {t('appointment.retry')}
              </Button>
            </Notice>
          ) : !availability.data ? (
            <Spinner label={t('appointment.loading')} />
          ) : appointment ? (
            <p>{t('appointment.chosen', { when: formatWhen(appointment, timeZone, today, t) })}</p>
          ) : availability.data.pause ? (
            // Paused (busy mode): nothing as soon as possible; a later time where the branch takes one.
            <p>
              {availability.data.pause.message}
              {availability.data.pause.laterTimes && availability.data.firstSlot
                ? ` ${t('scheduling:busy.laterTimes')}`
                : ''}
            </p>
          ) : branch.isAppointmentRequired ? (
            <p>{t('appointment.requiredHint')}</p>
          ) : availability.data.firstSlot ? (
            <p>
              {t('appointment.asapHint', {
                when: formatWhen(availability.data.firstSlot, timeZone, today, t),
              })}
            </p>
          ) : (
            <p>{t('appointment.noSlots')}</p>
          )}
          {appointmentOutside ? (
            <p className="checkout__warning">
              <Icon name="warning" /> {t('scheduling:unavailable.outsideHours')}
            </p>
          ) : null}
        </div>
        {appointment && !branch.isAppointmentRequired ? (
          <Button small variant="ghost" icon="close" onClick={onReset}>
            {t('appointment.reset')}
          </Button>
        ) : null}
        {errorOf('appointmentDate') ? (
          <p className="ui-field__error" role="alert">
            {errorOf('appointmentDate')}
          </p>
        ) : null}
      </div>
    </Section>
  )
}
