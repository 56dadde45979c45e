import { PHONE_EXAMPLES } from '@shop/shared/domain/checkout'
import { useT } from '../../lib/i18n.tsx'
import { CheckField, Section, TextField, useCheckoutFields } from './checkout-fields.tsx'
import { changedPhone, needsPhoneHint, typedPhone } from './checkout-model.ts'

/** "Kontaktdetails": the orderer, with the switch for a company (its name and UID number). */
export function ContactSection({ required }: { required: { email: boolean; phone: boolean } }) {
  const t = useT('sf-checkout')
  const { form, setField } = useCheckoutFields()
  const phoneHint = needsPhoneHint(form.phone)
    ? t('checkout:checkout.phoneFormat', { phone: PHONE_EXAMPLES[form.country] ?? PHONE_EXAMPLES.CH ?? '' })
    : undefined
  return (
    <Section id="checkout-contact" title={t('contact.heading')} icon="mail">
      <p className="checkout__note">{t('requiredNote')}</p>
      <CheckField name="isCompany" label={t('contact.isCompany')} />
      <div className="checkout__grid">
        {form.isCompany ? (
          <>
            <TextField
              name="companyName"
              label={t('contact.companyName')}
              required
              input={{ autoComplete: 'organization' }}
            />
            <TextField name="vatNo" label={t('contact.vatNo')} hint={t('contact.vatNoHint')} />
          </>
        ) : null}
        <TextField
          name="firstName"
          label={t('contact.firstName')}
          required
          input={{ autoComplete: 'given-name' }}
        />
        <TextField
          name="lastName"
          label={t('contact.lastName')}
          required
          input={{ autoComplete: 'family-name' }}
        />
        <TextField
          name="email"
          label={t('contact.email')}
          required={required.email}
          input={{ type: 'email', autoComplete: 'email' }}
        />
        <TextField
          name="phone"
          label={t('contact.phone')}
          required={required.phone}
          hint={phoneHint}
          input={{
            type: 'tel',
            autoComplete: 'tel',
            onChange: (e) => setField('phone', typedPhone(e.target.value)),
            onBlur: (e) => {
              const next = changedPhone(e.target.value)
              if (next !== form.phone) setField('phone', next)
            },
          }}
        />
      </div>
    </Section>
  )
}
