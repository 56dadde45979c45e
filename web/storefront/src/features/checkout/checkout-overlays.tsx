import type { LocalDate } from '@shop/shared/domain/scheduling'
import { DEFAULT_LOCALE } from '@shop/shared/i18n'
import { Button, Dialog } from '@shop/ui'
import { useLayoutEffect, useRef } from 'react'
import { useLocale, useT } from '../../lib/i18n.tsx'
import type { Config, Donatee } from '../../lib/shop-data.tsx'
import type { Overlay } from './checkout-state.ts'
import { DatePicker } from './date-picker.tsx'
import { DonateeDialog } from './donatee-dialog.tsx'
import { type AvailabilityAnswer, instantAt } from './picker-model.ts'
import { TimePicker } from './time-picker.tsx'

/**
 * Focus back where it was when the dialogs close (issue 18): the button that opened the first
 * one (date, time, donatee, legal text), also after the date picker handed over to the time
 * picker. The dialogs are taken off the page rather than closed, so the browser does not do it.
 * A layout effect: it runs before the dialog's showModal() moves the focus into it.
 */
function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement
      if (opener.current === null && active instanceof HTMLElement && !active.closest('dialog'))
        opener.current = active
      return
    }
    const target = opener.current
    opener.current = null
    if (target?.isConnected) target.focus()
  }, [open])
}

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
  const { locale } = useLocale()
  const days = availability?.days ?? []
  useReturnFocus(overlay !== null)
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
        {/* The shop's legal texts are configured in German only: marked so (WCAG 3.1.2). */}
        <div className="checkout-legal__text" lang={locale === DEFAULT_LOCALE ? undefined : DEFAULT_LOCALE}>
          {String((overlay === 'privacy' ? config.privacyPolicyText : config.termsAndConditionsText) ?? '')}
        </div>
      </Dialog>
    </>
  )
}
