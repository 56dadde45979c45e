import { buttonClass, Field, Icon } from '@shop/ui'
import { useEffect, useRef, useState } from 'react'
import { useT } from '../../lib/i18n.tsx'
import { fieldProps, Section, useCheckoutFields } from './checkout-fields.tsx'

/**
 * "Kommentar hinzufügen": a button that opens the comment field (open when there is one). The
 * focus follows (issue 18): into the field when the button opens it; Escape in the still empty
 * field puts it away again and the focus back on the button.
 */
export function CommentSection({
  open,
  comment,
  onOpen,
  onComment,
}: {
  open: boolean
  /** The cart's comment. */
  comment: string
  onOpen: () => void
  onComment: (comment: string) => void
}) {
  const t = useT('sf-checkout')
  const { errorOf } = useCheckoutFields()
  const [putAway, setPutAway] = useState(false)
  const shown = open && !putAway
  const fieldRef = useRef<HTMLTextAreaElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const focusNext = useRef<'field' | 'button' | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the field shows or hides
  useEffect(() => {
    const target = focusNext.current
    focusNext.current = null
    if (target === 'field') fieldRef.current?.focus()
    else if (target === 'button') buttonRef.current?.focus()
  }, [shown])
  return (
    <Section id="checkout-comment" title={t('comment.heading')} icon="info">
      {shown ? (
        <Field label={t('comment.label')} hint={t('comment.hint')} error={errorOf('comment')}>
          <textarea
            ref={fieldRef}
            className="ui-textarea"
            {...fieldProps('comment')}
            maxLength={2000}
            value={comment}
            onChange={(e) => onComment(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Escape' || comment.trim() !== '') return
              e.preventDefault()
              focusNext.current = 'button'
              if (comment !== '') onComment('')
              setPutAway(true)
            }}
          />
        </Field>
      ) : (
        <button
          ref={buttonRef}
          type="button"
          className={buttonClass('secondary')}
          aria-expanded={false}
          onClick={() => {
            focusNext.current = 'field'
            setPutAway(false)
            onOpen()
          }}
        >
          <Icon name="plus" />
          {t('comment.heading')}
        </button>
      )}
    </Section>
  )
}
