import { type DeliveryArea, deliveryAreaKey, type OrderType } from '@shop/shared/domain/catalogue'
import { Field } from '@shop/ui'
import { useT } from '../../lib/i18n.tsx'
import {
  CheckField,
  CountryField,
  fieldProps,
  Section,
  TextField,
  useCheckoutFields,
} from './checkout-fields.tsx'

/**
 * "Adresse", shown only when the order type asks for one: a delivery's area (the areas serving
 * the postcode) and address, with the switch to deliver elsewhere (the first becomes the
 * billing address; the second has its own company switch).
 */
export function AddressSection({
  orderType,
  area,
  areaOptions,
  required,
  onArea,
}: {
  orderType: OrderType | null
  area: DeliveryArea | null
  areaOptions: readonly DeliveryArea[]
  required: { address: boolean }
  onArea: (key: string) => void
}) {
  const t = useT('sf-checkout')
  const { form, errorOf } = useCheckoutFields()
  return (
    <Section
      id="checkout-address"
      title={
        orderType === 'delivery' && !form.isDeliveryAddressDifferent
          ? t('address.headingDelivery')
          : t('address.heading')
      }
      icon="pin"
    >
      <div className="checkout__grid">
        {orderType === 'delivery' ? (
          <Field
            className="checkout__span-2"
            label={t('address.deliveryArea')}
            required
            error={errorOf('deliveryArea')}
          >
            <select
              className="ui-select"
              {...fieldProps('deliveryArea')}
              value={area ? deliveryAreaKey(area) : ''}
              onChange={(e) => onArea(e.target.value)}
            >
              {areaOptions.map((a) => (
                <option key={deliveryAreaKey(a)} value={deliveryAreaKey(a)}>
                  {a.area}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        <TextField
          name="street"
          label={t('address.street')}
          className="checkout__span-2"
          required={required.address}
          input={{ autoComplete: 'address-line1' }}
        />
        <div className="checkout__grid-3 checkout__span-2">
          <TextField name="floor" label={t('address.floor')} />
          <TextField name="stairway" label={t('address.stairway')} />
          <TextField name="door" label={t('address.door')} />
        </div>
        <TextField
          name="zipCode"
          label={t('address.zipCode')}
          required={required.address}
          input={{ autoComplete: 'postal-code', inputMode: 'numeric' }}
        />
        <TextField
          name="city"
          label={t('address.city')}
          required={required.address}
          input={{ autoComplete: 'address-level2' }}
        />
        <CountryField name="country" />
      </div>
      {orderType === 'delivery' ? (
        <>
          <CheckField name="isDeliveryAddressDifferent" label={t('address.different')} />
          {form.isDeliveryAddressDifferent ? <DifferentAddress /> : null}
        </>
      ) : null}
    </Section>
  )
}

/** The address the goods go to when it is not the orderer's. */
function DifferentAddress() {
  const t = useT('sf-checkout')
  const { form } = useCheckoutFields()
  return (
    <fieldset className="checkout__fieldset">
      <legend className="checkout__legend">{t('address.differentHeading')}</legend>
      <CheckField name="isDeliveryCompany" label={t('address.deliveryCompany')} />
      <div className="checkout__grid">
        {form.isDeliveryCompany ? (
          <TextField
            name="deliveryCompanyName"
            label={t('contact.companyName')}
            className="checkout__span-2"
            required
            input={{ autoComplete: 'shipping organization' }}
          />
        ) : null}
        <TextField
          name="deliveryFirstName"
          label={t('contact.firstName')}
          required
          input={{ autoComplete: 'shipping given-name' }}
        />
        <TextField
          name="deliveryLastName"
          label={t('contact.lastName')}
          required
          input={{ autoComplete: 'shipping family-name' }}
        />
        <TextField
          name="deliveryStreet"
          label={t('address.street')}
          className="checkout__span-2"
          required
          input={{ autoComplete: 'shipping address-line1' }}
        />
        <div className="checkout__grid-3 checkout__span-2">
          <TextField name="deliveryFloor" label={t('address.floor')} />
          <TextField name="deliveryStairway" label={t('address.stairway')} />
          <TextField name="deliveryDoor" label={t('address.door')} />
        </div>
        <TextField
          name="deliveryZipCode"
          label={t('address.zipCode')}
          required
          input={{ autoComplete: 'shipping postal-code', inputMode: 'numeric' }}
        />
        <TextField
          name="deliveryCity"
          label={t('address.city')}
          required
          input={{ autoComplete: 'shipping address-level2' }}
        />
        <CountryField name="deliveryCountry" />
      </div>
    </fieldset>
  )
}
