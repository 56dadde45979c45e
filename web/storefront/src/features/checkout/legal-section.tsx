import { Icon } from '@shop/ui'
import { useT } from '../../lib/i18n.tsx'
import type { Config } from '../../lib/shop-data.tsx'
import { Section, useCheckoutFields } from './checkout-fields.tsx'

/** "AGB und Datenschutz": both checks, each with its text (a dialog) or its link. */
export function LegalSection({
  config,
  onShow,
}: {
  config: Config
  onShow: (which: 'terms' | 'privacy') => void
}) {
  const t = useT('sf-checkout')
  const { form, setField, errorOf } = useCheckoutFields()
  return (
    <Section id="checkout-legal" title={t('legal.heading')} icon="info">
      <LegalCheck
        field="legalInstructions"
        checked={form.legalInstructions}
        onChange={(value) => setField('legalInstructions', value)}
        label={t('legal.terms')}
        error={errorOf('legalInstructions')}
        text={config.termsAndConditionsText}
        url={config.termsAndConditions}
        showLabel={t('legal.showTerms')}
        onShow={() => onShow('terms')}
      />
      <LegalCheck
        field="privacyPolicy"
        checked={form.privacyPolicy}
        onChange={(value) => setField('privacyPolicy', value)}
        label={t('legal.privacy')}
        error={errorOf('privacyPolicy')}
        text={config.privacyPolicyText}
        url={config.privacyPolicy}
        showLabel={t('legal.showPrivacy')}
        onShow={() => onShow('privacy')}
      />
    </Section>
  )
}

function LegalCheck({
  field,
  checked,
  onChange,
  label,
  error,
  text,
  url,
  showLabel,
  onShow,
}: {
  field: string
  checked: boolean
  onChange: (value: boolean) => void
  label: string
  error: string | undefined
  text: unknown
  url: unknown
  showLabel: string
  onShow: () => void
}) {
  const id = `checkout-${field}`
  const hasText = typeof text === 'string' && text.trim() !== ''
  const link = typeof url === 'string' && url.trim() !== '' ? url : null
  return (
    <div className={['checkout-legal', error ? 'has-error' : ''].join(' ')}>
      <div className="ui-check">
        <input
          id={id}
          type="checkbox"
          data-field={field}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-required
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>
          {label}
          <span aria-hidden="true"> *</span>
        </label>
      </div>
      {hasText ? (
        <button type="button" className="checkout-legal__show" onClick={onShow}>
          {showLabel}
        </button>
      ) : link ? (
        <a className="checkout-legal__show" href={link} target="_blank" rel="noopener noreferrer">
          {showLabel} <Icon name="external" />
        </a>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
