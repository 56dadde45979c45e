import { Field, Icon } from '@shop/ui'
import { createContext, type InputHTMLAttributes, type ReactNode, type Ref, useContext } from 'react'
import { useT } from '../../lib/i18n.tsx'
import { type CheckoutForm, COUNTRIES, type Country } from './checkout-model.ts'

// The checkout form's building blocks: the section frame and the fields wired the same way
// (label, error, the data-field anchor that focusing the first problem looks for).

/** The form's plain text fields. */
export type TextKey = Exclude<
  { [K in keyof CheckoutForm]: CheckoutForm[K] extends string ? K : never }[keyof CheckoutForm],
  'country' | 'deliveryCountry' | 'paymentMethod'
>
/** The form's yes / no switches (the legal checks have their own component). */
export type CheckKey = 'isCompany' | 'isDeliveryAddressDifferent' | 'isDeliveryCompany'

export type CheckoutFields = {
  form: CheckoutForm
  setField: <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => void
  /** The message at a field: the client's check, else the server's answer. */
  errorOf: (field: string) => string | undefined
}

const FieldsContext = createContext<CheckoutFields | null>(null)
export const CheckoutFieldsProvider = FieldsContext.Provider

export function useCheckoutFields(): CheckoutFields {
  const fields = useContext(FieldsContext)
  if (!fields) throw new Error('useCheckoutFields outside the checkout form')
  return fields
}

/** The anchor `focusField` scrolls to and focuses. */
export const fieldProps = (field: string) => ({ 'data-field': field })

/** A text input of the form: label, error and the data-field anchor wired the same way. */
export function TextField({
  name,
  label,
  required,
  className,
  hint,
  input,
}: {
  name: TextKey
  label: string
  required?: boolean | undefined
  className?: string | undefined
  hint?: string | undefined
  input?: InputHTMLAttributes<HTMLInputElement>
}) {
  const { form, setField, errorOf } = useCheckoutFields()
  return (
    <Field className={className} label={label} required={required} hint={hint} error={errorOf(name)}>
      <input
        className="ui-input"
        {...fieldProps(name)}
        value={form[name]}
        onChange={(e) => setField(name, e.target.value)}
        {...input}
      />
    </Field>
  )
}

/** A yes / no switch of the form; switching it off hides (and leaves unsent) what it showed. */
export function CheckField({ name, label }: { name: CheckKey; label: string }) {
  const { form, setField } = useCheckoutFields()
  return (
    <div className="ui-check checkout__switch">
      <input
        id={`checkout-${name}`}
        type="checkbox"
        {...fieldProps(name)}
        checked={form[name]}
        onChange={(e) => setField(name, e.target.checked)}
      />
      <label htmlFor={`checkout-${name}`}>{label}</label>
    </div>
  )
}

export function CountryField({ name }: { name: 'country' | 'deliveryCountry' }) {
  const t = useT('sf-checkout')
  const { form, setField, errorOf } = useCheckoutFields()
  return (
    <Field className="checkout__span-2" label={t('address.country')} required error={errorOf(name)}>
      <select
        className="ui-select"
        {...fieldProps(name)}
        autoComplete={name === 'country' ? 'country' : 'shipping country'}
        value={form[name]}
        onChange={(e) => setField(name, e.target.value as Country)}
      >
        {COUNTRIES.map((country) => (
          <option key={country} value={country}>
            {t(`address.countries.${country}`)}
          </option>
        ))}
      </select>
    </Field>
  )
}

export function Section({
  id,
  title,
  icon,
  children,
  headingRef,
}: {
  id: string
  title: string
  icon: Parameters<typeof Icon>[0]['name']
  children: ReactNode
  headingRef?: Ref<HTMLHeadingElement>
}) {
  return (
    <section className="checkout-section" aria-labelledby={`${id}-title`}>
      <h2
        id={`${id}-title`}
        className="checkout-section__title"
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
      >
        <span className="checkout-section__icon" aria-hidden="true">
          <Icon name={icon} />
        </span>
        {title}
      </h2>
      <div className="checkout-section__body">{children}</div>
    </section>
  )
}
