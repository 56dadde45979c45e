import { Button } from '@shop/ui'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { fieldProps, Section, useCheckoutFields } from './checkout-fields.tsx'
import { money } from './checkout-format.ts'

/** Spec §9: a donation amount is shown as 0.07 in the currency. */
const DONATION_CENTS = 7

/** "Spendenempfänger" (the donations plugin): the chosen organisation and the button to pick one. */
export function DonationSection({
  donatee,
  currency,
  onChoose,
}: {
  donatee: { name: string } | null
  currency: string
  onChoose: () => void
}) {
  const t = useT('sf-checkout')
  const { locale } = useLocale()
  const { errorOf } = useCheckoutFields()
  return (
    <Section id="checkout-donation" title={t('donation.heading')} icon="star">
      <p className="checkout__note">
        {t('donation.intro', { amount: money(DONATION_CENTS, currency, locale) })}
      </p>
      <div className="checkout-donation" {...fieldProps('donatee')} tabIndex={-1}>
        <p className="checkout-donation__current">
          {donatee ? <strong>{donatee.name}</strong> : <span>{t('donation.none')}</span>}
        </p>
        <Button small variant="secondary" onClick={onChoose}>
          {donatee ? t('donation.change') : t('donation.choose')}
        </Button>
      </div>
      {errorOf('donatee') ? <p className="ui-field__error">{errorOf('donatee')}</p> : null}
    </Section>
  )
}
