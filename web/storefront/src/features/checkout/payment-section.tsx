import { Notice } from '@shop/ui'
import { useT } from '../../lib/i18n.tsx'
import { fieldProps, Section, useCheckoutFields } from './checkout-fields.tsx'
import type { PaymentMethod } from './checkout-model.ts'

/** "Zahlungsart": the methods the shop and the branch offer, the preset one selected. */
export function PaymentSection({
  methods,
  paymentMethod,
  testMode,
}: {
  methods: readonly PaymentMethod[]
  /** The method in effect (the form's, else the preset). */
  paymentMethod: string
  /** The payment provider runs in test mode (a notice when an online method is offered). */
  testMode: boolean
}) {
  const t = useT('sf-checkout')
  const { setField, errorOf } = useCheckoutFields()
  return (
    <Section id="checkout-payment" title={t('payment.heading')} icon="check">
      {testMode && methods.some((method) => method.online) ? (
        <Notice tone="warning">
          <p data-testid="payment-test-mode">{t('payment.testMode')}</p>
        </Notice>
      ) : null}
      {methods.length === 0 ? (
        <Notice tone="warning">
          <p>{t('payment.noneAvailable')}</p>
        </Notice>
      ) : (
        <fieldset className="checkout-payment" aria-describedby="checkout-payment-error">
          <legend className="ui-visually-hidden">{t('payment.heading')}</legend>
          {methods.map((method) => (
            <label
              key={method.value}
              className={[
                'checkout-payment__option',
                method.value === paymentMethod ? 'is-selected' : '',
              ].join(' ')}
            >
              <input
                type="radio"
                name="paymentMethod"
                value={method.value}
                {...(method.value === paymentMethod ? fieldProps('paymentMethod') : {})}
                checked={method.value === paymentMethod}
                onChange={() => setField('paymentMethod', method.value)}
              />
              <span>
                <strong>{t(`payment.methods.${method.value}`)}</strong>
                <span className="checkout-payment__hint">{t(`payment.hints.${method.value}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {errorOf('paymentMethod') ? (
        <p id="checkout-payment-error" className="ui-field__error">
          {errorOf('paymentMethod')}
        </p>
      ) : null}
    </Section>
  )
}
