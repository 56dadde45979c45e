/**
 * The frontdesk's preset reasons (issue 18 point 10): the texts the board's reject and cancel
 * dialogs offer as one tap (the customer reads the one chosen). A list of short texts, added,
 * changed and removed here; saved with the config (`rejectionReasons`). Blank lines are
 * left out when saving.
 */
import { MAX_REJECTION_REASONS } from '@shop/shared/contracts'
import { Button, IconButton } from '@shop/ui'
import { useFieldArray } from 'react-hook-form'
import { useFormContext } from '../../lib/forms.tsx'
import { useT } from '../../lib/i18n.tsx'
import './rejection-reasons.css'

/** The longest reason the contract takes. */
export const MAX_REASON_LENGTH = 200

export type ReasonRow = { text: string }
type WithReasons = { rejectionReasons: ReasonRow[] }

export function reasonsToForm(reasons: unknown, defaults: readonly string[]): ReasonRow[] {
  const list = Array.isArray(reasons) ? reasons.filter((r): r is string => typeof r === 'string') : defaults
  return list.map((text) => ({ text }))
}

export function reasonsToBody(rows: readonly ReasonRow[]): string[] {
  return rows.map((r) => r.text.trim()).filter((text) => text !== '')
}

export function RejectionReasonsEditor() {
  const t = useT('bo-settings')
  const { control, register } = useFormContext<WithReasons>()
  const reasons = useFieldArray({ control, name: 'rejectionReasons', keyName: 'key' })
  const full = reasons.fields.length >= MAX_REJECTION_REASONS
  return (
    <div className="bo-wide bo-reasons" data-reasons>
      <p className="ui-field__hint" id="bo-reasons-hint">
        {t('hint.rejectionReasons')}
      </p>
      {reasons.fields.length === 0 ? <p className="ui-field__hint">{t('reasons.none')}</p> : null}
      <ol className="bo-reasons__list">
        {reasons.fields.map((field, index) => (
          <li key={field.key} className="bo-reasons__row">
            <span className="bo-reasons__line">
              <input
                className="ui-input"
                type="text"
                maxLength={MAX_REASON_LENGTH}
                aria-label={t('reasons.label', { number: index + 1 })}
                aria-describedby="bo-reasons-hint"
                {...register(`rejectionReasons.${index}.text` as const)}
              />
              <IconButton
                icon="trash"
                label={t('reasons.remove', { number: index + 1 })}
                onClick={() => reasons.remove(index)}
              />
            </span>
          </li>
        ))}
      </ol>
      <Button small variant="secondary" disabled={full} onClick={() => reasons.append({ text: '' })}>
        {t('reasons.add')}
      </Button>
      {full ? <p className="ui-field__hint">{t('reasons.full', { max: MAX_REJECTION_REASONS })}</p> : null}
    </div>
  )
}
