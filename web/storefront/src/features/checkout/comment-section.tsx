import { Button, Field } from '@shop/ui'
import { useT } from '../../lib/i18n.tsx'
import { fieldProps, Section, useCheckoutFields } from './checkout-fields.tsx'

/** "Kommentar hinzufügen": a button that opens the comment field (open when there is one). */
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
  return (
    <Section id="checkout-comment" title={t('comment.heading')} icon="info">
      {open ? (
        <Field label={t('comment.label')} hint={t('comment.hint')} error={errorOf('comment')}>
          <textarea
            className="ui-textarea"
            {...fieldProps('comment')}
            maxLength={2000}
            value={comment}
            onChange={(e) => onComment(e.target.value)}
          />
        </Field>
      ) : (
        <Button variant="secondary" icon="plus" aria-expanded={false} onClick={onOpen}>
          {t('comment.heading')}
        </Button>
      )}
    </Section>
  )
}
