import type { LocalDate } from '@shop/shared/domain/scheduling'
import { Button, Dialog } from '@shop/ui'
import { useT } from '../../lib/i18n.tsx'
import type { Config, Donatee } from '../../lib/shop-data.tsx'
import type { Overlay } from './checkout-state.ts'
import { DatePicker } from './date-picker.tsx'
import { DonateeDialog } from './donatee-dialog.tsx'
import { type AvailabilityAnswer, instantAt } from './picker-model.ts'
import { TimePicker } from './time-picker.tsx'

/** The dialogs over the checkout form: date and time pickers, the donatee search, the legal texts. */
export function CheckoutOverlays({
  overlay,
  availability,
  today,
  timeZone,
  timeDate,
  appointment,
  appointmentDate,
  donatees,
  donatee,
  config,
  onAppointment,
  onTimeOf,
  onDonatee,
  onClose,
}: {
  overlay: Overlay
  availability: AvailabilityAnswer | undefined
  today: LocalDate
  timeZone: string
  /** The day the time picker shows. */
  timeDate: LocalDate | null
  appointment: string | null
  appointmentDate: LocalDate | null
  donatees: readonly Donatee[]
  donatee: string | null
  config: Config
  /** A new appointment (an ISO instant), or null for as soon as possible. */
  onAppointment: (iso: string | null) => void
  /** The date picker's day: the time picker opens for it. */
  onTimeOf: (date: LocalDate) => void
  onDonatee: (id: string | null) => void
  onClose: () => void
}) {
  const t = useT('sf-checkout')
  const days = availability?.days ?? []
  return (
    <>
      {overlay === 'date' ? (
        <DatePicker
          days={days}
          today={today}
          value={appointmentDate}
          onClose={onClose}
          onClear={() => {
            onAppointment(null)
            onClose()
          }}
          onSave={onTimeOf}
        />
      ) : null}
      {overlay === 'time' && timeDate && availability ? (
        <TimePicker
          date={timeDate}
          day={days.find((d) => d.date === timeDate)}
          timeZone={timeZone}
          step={availability.stepMinutes}
          appointment={appointment}
          onClose={onClose}
          onSave={(minutes) => {
            onAppointment(new Date(instantAt(timeDate, minutes, timeZone)).toISOString())
            onClose()
          }}
        />
      ) : null}
      {overlay === 'donatee' ? (
        <DonateeDialog donatees={donatees} value={donatee} onChange={onDonatee} onClose={onClose} />
      ) : null}
      <Dialog
        open={overlay === 'terms' || overlay === 'privacy'}
        title={overlay === 'privacy' ? t('legal.privacyTitle') : t('legal.termsTitle')}
        onClose={onClose}
        closeLabel={t('close')}
        footer={<Button onClick={onClose}>{t('close')}</Button>}
      >
        <div className="checkout-legal__text">
          {String((overlay === 'privacy' ? config.privacyPolicyText : config.termsAndConditionsText) ?? '')}
        </div>
      </Dialog>
    </>
  )
}
