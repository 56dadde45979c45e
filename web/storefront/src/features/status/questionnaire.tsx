import { Button, Field, Icon, Notice } from '@shop/ui'
import { useId, useState } from 'react'
import { ApiError, apiSend } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import type { StatusOrder } from './status.view.ts'

const RATINGS = ['rating', 'foodRating', 'serviceRating', 'processRating'] as const
type RatingKey = (typeof RATINGS)[number]
type Ratings = Partial<Record<RatingKey, number>>
const STARS = [1, 2, 3, 4, 5] as const

/** One rating 1–5: a radio group drawn as stars (arrow keys move, the legend names it). */
function StarRating({
  name,
  label,
  value,
  onChange,
  disabled,
}: {
  name: string
  label: string
  value: number | undefined
  onChange: (value: number) => void
  disabled: boolean
}) {
  const t = useT('sf-status')
  return (
    <fieldset className="status-stars" disabled={disabled}>
      <legend className="status-stars__legend">{label}</legend>
      <div className="status-stars__row">
        <span className="status-stars__stars">
          {STARS.map((star) => (
            <label
              key={star}
              className={`status-stars__star${star <= (value ?? 0) ? ' status-stars__star--on' : ''}`}
            >
              <input
                className="ui-visually-hidden"
                type="radio"
                name={name}
                value={star}
                checked={value === star}
                onChange={() => onChange(star)}
              />
              <Icon name="star" />
              <span className="ui-visually-hidden">{t('questionnaire.stars', { count: star })}</span>
            </label>
          ))}
        </span>
        <span className="status-stars__value" aria-hidden="true">
          {value ? t('questionnaire.stars', { count: value }) : t('questionnaire.notRated')}
        </span>
      </div>
    </fieldset>
  )
}

/**
 * Spec §5 "Questionnaire": four ratings 1–5 must be set before sending; the optional comment
 * appears only then. Sent once (POST …/questionnaire); the answer is the reloaded order.
 */
export function Questionnaire({
  order,
  onSent,
}: {
  order: StatusOrder
  onSent: (order: StatusOrder) => void
}) {
  const t = useT('sf-status')
  const id = useId()
  const [ratings, setRatings] = useState<Ratings>({})
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null | undefined>()
  const complete = RATINGS.every((key) => ratings[key] !== undefined)

  const send = async () => {
    if (!complete || busy) return
    setBusy(true)
    setError(undefined)
    try {
      const answered = await apiSend<StatusOrder>(
        'POST',
        `/orders/public/${encodeURIComponent(order.uid)}/${encodeURIComponent(order.hash)}/questionnaire`,
        { ...ratings, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      )
      onSent(answered)
    } catch (e) {
      setError(e instanceof ApiError ? (e.errors[0]?.message ?? null) : null)
      setBusy(false)
    }
  }

  return (
    <section className="status-card status-questionnaire" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('questionnaire.heading')}</h2>
      <p className="status-muted">{t('questionnaire.intro')}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
      >
        <div className="status-questionnaire__ratings">
          {RATINGS.map((key) => (
            <StarRating
              key={key}
              name={`${id}-${key}`}
              label={t(`questionnaire.${key}`)}
              value={ratings[key]}
              disabled={busy}
              onChange={(value) => setRatings((current) => ({ ...current, [key]: value }))}
            />
          ))}
        </div>
        {complete ? (
          <Field label={t('questionnaire.comment')} hint={t('questionnaire.commentHint')}>
            <textarea
              className="ui-textarea"
              value={comment}
              maxLength={2000}
              disabled={busy}
              onChange={(event) => setComment(event.target.value)}
            />
          </Field>
        ) : (
          <p className="status-muted status-questionnaire__hint">{t('questionnaire.allRequired')}</p>
        )}
        {error !== undefined ? (
          <Notice tone="danger" live="assertive" className="status-questionnaire__error">
            <p>{t('questionnaire.failed')}</p>
            {error ? <p>{error}</p> : null}
          </Notice>
        ) : null}
        <Button type="submit" icon="star" disabled={!complete || busy}>
          {t('ordering:action.answerQuestionnaire')}
        </Button>
      </form>
    </section>
  )
}

/** After sending, and on every later visit: the rating is in. */
export function QuestionnaireSent({ order }: { order: StatusOrder }) {
  const t = useT('sf-status')
  return (
    <section className="status-questionnaire--sent">
      <Notice tone="success" live="polite">
        <p className="status-questionnaire__thanks">{t('questionnaire.thanks')}</p>
        <p>
          {t('questionnaire.sent')}
          {order.questionnaireRating !== null
            ? ` ${t('questionnaire.yourRating', { count: order.questionnaireRating })}`
            : null}
        </p>
      </Notice>
    </section>
  )
}
