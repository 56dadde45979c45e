import { Button, Field } from '@shop/ui'
import { useState } from 'react'
import { proposalStart, zonedIso } from './appointment-input.ts'
import { FormDialog } from './form-dialog.tsx'
import { useT } from './i18n.tsx'
import './order-dialogs.css'

// The dialogs of the order commands that need an answer first: reject (a message for the
// customer), cancel (an optional reason) and counter-appointment (another date and time). The
// frontdesk board and the order detail open the same ones (texts: locales/<locale>/bo-dialogs.json).
// Reject and cancel offer the shop's preset reasons (config `rejectionReasons`) as one tap each:
// a tap sends that reason at once; the text field stays for anything else.

/** The longest message or reason the server accepts (the commands' contract). */
export const MAX_MESSAGE_LENGTH = 2000

type Common = {
  /** The order's ticket number as shown on the board ('—' when it has none yet). */
  ticket: string
  onClose: () => void
}

/** A dialog with one text for the customer: required (reject) or optional (cancel). */
function TextDialog({
  title,
  label,
  hint,
  submit,
  required,
  rows,
  messages,
  presets = [],
  onClose,
  onSubmit,
}: {
  title: string
  label: string
  hint: string
  submit: string
  required: boolean
  rows: number
  messages: { required?: string; tooLong: string }
  /** One-tap reasons: a tap submits it. */
  presets?: readonly string[] | undefined
  onClose: () => void
  onSubmit: (text: string) => void
}) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | undefined>()
  const t = useT('bo-dialogs')
  const choices = presets.map((p) => p.trim()).filter((p) => p !== '' && p.length <= MAX_MESSAGE_LENGTH)
  return (
    <FormDialog
      title={title}
      closeLabel={t('close')}
      cancelLabel={t('dismiss')}
      submitLabel={submit}
      danger
      onClose={onClose}
      onSubmit={() => {
        const value = text.trim()
        if (required && !value) return setError(messages.required)
        if (value.length > MAX_MESSAGE_LENGTH) return setError(messages.tooLong)
        onSubmit(value)
      }}
    >
      {choices.length > 0 ? (
        <fieldset className="bo-dialog__presets">
          <legend className="bo-dialog__presets-label">{t('presets.label')}</legend>
          <ul>
            {choices.map((choice) => (
              <li key={choice}>
                <Button variant="secondary" data-preset={choice} onClick={() => onSubmit(choice)}>
                  {choice}
                </Button>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <Field
        label={choices.length > 0 ? t('presets.other', { label }) : label}
        hint={hint}
        error={error}
        required={required}
      >
        <textarea
          className="ui-textarea"
          rows={rows}
          maxLength={MAX_MESSAGE_LENGTH}
          value={text}
          // biome-ignore lint/a11y/noAutofocus: the field of a modal dialog (FormDialog) just opened
          autoFocus={choices.length === 0}
          onChange={(e) => {
            setText(e.target.value)
            setError(undefined)
          }}
        />
      </Field>
    </FormDialog>
  )
}

/** Reject with a message to the customer (required, spec §3): a preset reason or free text. */
export function RejectDialog({
  ticket,
  presets,
  onClose,
  onSubmit,
}: Common & { presets?: readonly string[]; onSubmit: (message: string) => void }) {
  const t = useT('bo-dialogs')
  return (
    <TextDialog
      title={t('reject.title', { number: ticket })}
      label={t('reject.message')}
      hint={t('reject.hint')}
      submit={t('reject.submit')}
      required
      rows={4}
      messages={{ required: t('reject.required'), tooLong: t('reject.tooLong') }}
      presets={presets}
      onClose={onClose}
      onSubmit={onSubmit}
    />
  )
}

/** Cancel with an optional reason (a preset or free text); an empty reason is sent as none. */
export function CancelDialog({
  ticket,
  presets,
  onClose,
  onSubmit,
}: Common & { presets?: readonly string[]; onSubmit: (reason?: string) => void }) {
  const t = useT('bo-dialogs')
  return (
    <TextDialog
      title={t('cancel.title', { number: ticket })}
      label={t('cancel.reason')}
      hint={t('cancel.hint')}
      submit={t('cancel.submit')}
      required={false}
      rows={3}
      messages={{ tooLong: t('cancel.tooLong') }}
      presets={presets}
      onClose={onClose}
      onSubmit={(reason) => onSubmit(reason || undefined)}
    />
  )
}

/**
 * Propose another date and time, typed in the branch's zone (whatever the device's zone is) and
 * sent as an instant.
 */
export function CounterDialog({
  ticket,
  timeZone,
  due,
  now,
  onClose,
  onSubmit,
}: Common & {
  timeZone: string
  /** The order's current due time, where the dialog starts. */
  due: string | null | undefined
  now: number
  onSubmit: (appointmentDate: string) => void
}) {
  const t = useT('bo-dialogs')
  const [start] = useState(() => proposalStart(due, now, timeZone))
  const [date, setDate] = useState(start.date)
  const [time, setTime] = useState(start.time)
  const [error, setError] = useState<string | undefined>()
  return (
    <FormDialog
      title={t('counter.title', { number: ticket })}
      closeLabel={t('close')}
      cancelLabel={t('dismiss')}
      submitLabel={t('counter.submit')}
      formClassName="bo-dialog__pair"
      onClose={onClose}
      onSubmit={() => {
        const iso = zonedIso(date, time, timeZone)
        if (!iso) return setError(t('counter.invalid'))
        onSubmit(iso)
      }}
    >
      <Field label={t('counter.date')} required error={error}>
        <input
          className="ui-input"
          type="date"
          value={date}
          onChange={(e) => {
            setDate(e.target.value)
            setError(undefined)
          }}
        />
      </Field>
      <Field label={t('counter.time')} required>
        <input
          className="ui-input"
          type="time"
          step={300}
          value={time}
          onChange={(e) => {
            setTime(e.target.value)
            setError(undefined)
          }}
        />
      </Field>
    </FormDialog>
  )
}
