import { Notice } from '@shop/ui'
import type { Ref } from 'react'
import type { FieldError } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'

/**
 * The messages above the form, focused after a failed submit: the payment-failed return, the
 * server's refusal, no connection or an unknown failure, and the screen reader's alert that
 * fields need checking.
 */
export function CheckoutAlerts({
  ref,
  paymentFailed,
  serverErrors,
  failure,
  problemCount,
}: {
  ref: Ref<HTMLDivElement>
  paymentFailed: boolean
  serverErrors: readonly FieldError[] | null
  failure: 'unknown' | 'offline' | null
  problemCount: number
}) {
  const t = useT('sf-checkout')
  return (
    <div ref={ref} tabIndex={-1} className="checkout__alerts">
      {paymentFailed ? (
        <Notice tone="danger" live="assertive">
          <p>{t('paymentFailed')}</p>
        </Notice>
      ) : null}
      {serverErrors && serverErrors.length > 0 ? (
        <Notice tone="danger" live="assertive">
          <p>
            <strong>{t('serverErrors')}</strong>
          </p>
          <ul className="checkout__error-list">
            {serverErrors.map((error) => (
              <li key={`${error.field}:${error.message}`}>{error.message}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {failure ? (
        <Notice tone="danger" live="assertive">
          <p>{failure === 'offline' ? t('offline') : t('unknownError')}</p>
        </Notice>
      ) : null}
      <div className="ui-visually-hidden" role="alert">
        {problemCount > 0 ? t('checkFields') : ''}
      </div>
    </div>
  )
}
