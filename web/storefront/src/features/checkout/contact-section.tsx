import { useT } from '../../lib/i18n.tsx'
import { CheckField, Section, TextField, useCheckoutFields } from './checkout-fields.tsx'
import { type Country, changedPhone, needsPhoneHint, phoneExample, typedPhone } from './checkout-model.ts'

/**
 * "Kontaktdetails": the orderer, with the switch for a company (its name and UID number). The
 * phone is read in the branch's country (issue 18): a national number is taken, the hint gives
 * that country's example, and only while no error says the same at the field.
 */
export function ContactSection({
  required,
  country,
}: {
  required: { email: boolean; phone: boolean }
  country: Country
}) {
  const t = useT('sf-checkout')
  const { form, setField, errorOf } = useCheckoutFields()
  const phoneHint =
    needsPhoneHint(form.phone, country) && errorOf('phone') === undefined
      ? t('checkout:checkout.phoneFormat', { phone: phoneExample(country) })
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
              const next = changedPhone(e.target.value, country)
              if (next !== form.phone) setField('phone', next)
            },
          }}
        />
      </div>
    </Section>
  )
}
