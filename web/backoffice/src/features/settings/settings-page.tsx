/**
 * The shop's settings (issue 17 item 5): the config of spec §3, read with GET /api/config and
 * saved with POST /api/config (the first save without a version, every later one with the
 * version read). Names and search-engine texts, legal texts (a link or a text of one's own),
 * currency and cash rounding, the default delivery method and country, the order limit, contact rules,
 * payment methods and plugins.
 */
import {
  CHECKOUT_COUNTRIES,
  createConfigBodySchema,
  DEFAULT_COUNTRY,
  DEFAULT_REJECTION_REASONS,
  DELIVERY_METHODS,
} from '@shop/shared/contracts'
import { DEFAULT_CURRENCY } from '@shop/shared/domain/common'
import { paths } from '@shop/ui/routes'
import { useWatch } from 'react-hook-form'
import { apiGet, apiSend } from '../../lib/api.ts'
import { ResourceEditor } from '../../lib/editor.tsx'
import { CheckboxInput, FieldSet, NumberInput, SelectInput, TextInput } from '../../lib/forms.tsx'
import { HistoryAside } from '../../lib/history-aside.tsx'
import { useT } from '../../lib/i18n.tsx'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'
import { type ReasonRow, RejectionReasonsEditor, reasonsToBody, reasonsToForm } from './rejection-reasons.tsx'

const TEXT_FIELDS = [
  'shopName',
  'businessName',
  'title',
  'description',
  'seoTitle',
  'seoDescription',
  'website',
  'termsAndConditions',
  'termsAndConditionsText',
  'privacyPolicy',
  'privacyPolicyText',
  'imprint',
  'imprintText',
  'allergens',
  'allergensText',
  'mapStyleUrl',
  'headingFont',
  'bodyFont',
] as const

const FLAGS = [
  'enablePluginPWA',
  'enablePluginToolbar',
  'enablePluginMaps',
  'enablePluginSMS',
  'enablePluginDonations',
  'enablePluginFrontdesk',
  'enablePluginOrderReviews',
  'disableTickets',
  'enableCash',
  'enableATMCard',
  'enableVoucher',
  'enablePluginStripe',
  'enableStripe',
  'enablePluginMollie',
  'enableMollie',
  'isContactEmailRequired',
  'isContactPhoneRequired',
] as const

/** The switches that need a word of explanation. */
const HINTED = new Set<string>([
  'enablePluginStripe',
  'enablePluginMollie',
  'enablePluginToolbar',
  'enablePluginFrontdesk',
  'disableTickets',
])

type TextField = (typeof TEXT_FIELDS)[number]
type Flag = (typeof FLAGS)[number]

export type SettingsForm = Record<TextField, string> &
  Record<Flag, boolean> & {
    currency: string
    defaultDeliveryMethod: string
    defaultCountry: string
    mapZoom: number | null
    mapPitch: number | null
    mapBearing: number | null
    maximumOrderValue: number | null
    /** The cash rounding of the shop's currency, in cents (0: none); others are kept as stored. */
    cashRoundingCents: number | null
    /** The frontdesk's preset reasons for rejecting or canceling (one tap on the board). */
    rejectionReasons: ReasonRow[]
  }

/** The defaults of the contract for a shop that has no config yet. */
const DEFAULTS = createConfigBodySchema.parse({ shopName: 'Shop', currency: DEFAULT_CURRENCY })

export function settingsToForm(item: StoredResource | null): SettingsForm {
  const config = { ...DEFAULTS, ...(item ?? {}) } as Record<string, unknown>
  const text = (key: TextField) => (typeof config[key] === 'string' ? (config[key] as string) : '')
  const form = {} as SettingsForm
  for (const key of TEXT_FIELDS) form[key] = text(key)
  if (item === null) form.shopName = ''
  for (const key of FLAGS) form[key] = config[key] === true
  const currency = String(config.currency ?? DEFAULT_CURRENCY)
  const rounding = (config.cashRounding ?? {}) as Record<string, number>
  return {
    ...form,
    currency,
    defaultDeliveryMethod: String(config.defaultDeliveryMethod ?? 'takeaway'),
    defaultCountry: String(config.defaultCountry ?? DEFAULT_COUNTRY),
    mapZoom: (config.mapZoom as number | undefined) ?? null,
    mapPitch: (config.mapPitch as number | undefined) ?? null,
    mapBearing: (config.mapBearing as number | undefined) ?? null,
    maximumOrderValue: (config.maximumOrderValue as number | undefined) ?? null,
    cashRoundingCents: rounding[currency] ?? null,
    rejectionReasons: reasonsToForm(item?.rejectionReasons, DEFAULT_REJECTION_REASONS),
  }
}

/**
 * The body a save sends. Empty texts are sent as '' (the contract reads them as none); the cash
 * rounding of the chosen currency is set (empty: the built-in default), others stay as stored.
 */
export function settingsToBody(values: SettingsForm, item: StoredResource | null): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const key of TEXT_FIELDS) body[key] = values[key]
  for (const key of FLAGS) body[key] = values[key]
  const rounding = { ...((item?.cashRounding ?? {}) as Record<string, number>) }
  const currency = values.currency.trim().toUpperCase()
  if (values.cashRoundingCents === null) delete rounding[currency]
  else rounding[currency] = values.cashRoundingCents
  const numbers = {
    mapZoom: values.mapZoom,
    mapPitch: values.mapPitch,
    mapBearing: values.mapBearing,
    maximumOrderValue: values.maximumOrderValue,
  }
  for (const [key, value] of Object.entries(numbers)) if (value !== null) body[key] = value
  return {
    ...body,
    currency,
    defaultDeliveryMethod: values.defaultDeliveryMethod,
    defaultCountry: values.defaultCountry,
    cashRounding: rounding,
    rejectionReasons: reasonsToBody(values.rejectionReasons),
  }
}

const store = {
  read: () => apiGet<StoredResource | null>('/config'),
  write: (body: Record<string, unknown>) =>
    apiSend<StoredResource>('POST', '/config', body, { headers: { 'Idempotency-Key': crypto.randomUUID() } }),
}

export function SettingsPage() {
  const t = useT('bo-settings')
  return (
    <ResourceEditor<SettingsForm>
      resource="config"
      id="config"
      store={store}
      schema={createConfigBodySchema}
      toForm={settingsToForm}
      toBody={settingsToBody}
      listPath={paths.backend.orders()}
      itemPath={() => paths.backend.settings()}
      canDelete={false}
      texts={{
        load: t('error.load'),
        create: t('error.save'),
        update: t('error.save'),
        delete: t('error.save'),
        newTitle: t('title'),
        title: () => t('title'),
      }}
      fieldLabels={Object.fromEntries(
        [
          ...TEXT_FIELDS,
          ...FLAGS,
          'currency',
          'defaultDeliveryMethod',
          'defaultCountry',
          'maximumOrderValue',
          'cashRounding',
          'rejectionReasons',
        ].map((key) => [key, t(`field.${key}`)]),
      )}
      aside={(item, replace) => <HistoryAside resource="config" item={item} onRestored={replace} />}
    >
      {() => <SettingsFields />}
    </ResourceEditor>
  )
}

function SettingsFields() {
  const t = useT('bo-settings')
  const currency = useWatch<SettingsForm, 'currency'>({ name: 'currency' })
  const maps = useWatch<SettingsForm, 'enablePluginMaps'>({ name: 'enablePluginMaps' })
  const flag = (key: Flag) => (
    <CheckboxInput
      key={key}
      name={key}
      label={t(`field.${key}`)}
      {...(HINTED.has(key) ? { hint: t(`hint.${key}`) } : {})}
    />
  )
  return (
    <>
      <FieldSet legend={t('section.shop')}>
        <TextInput name="shopName" label={t('field.shopName')} required />
        <TextInput name="businessName" label={t('field.businessName')} />
        <TextInput name="title" label={t('field.title')} />
        <TextInput name="website" type="url" label={t('field.website')} placeholder="https://" />
        <TextInput name="description" label={t('field.description')} rows={3} className="bo-wide" />
      </FieldSet>
      <FontFields />
      <FieldSet legend={t('section.seo')}>
        <TextInput name="seoTitle" label={t('field.seoTitle')} />
        <TextInput name="seoDescription" label={t('field.seoDescription')} rows={2} className="bo-wide" />
      </FieldSet>
      <FieldSet legend={t('section.legal')}>
        <p className="bo-wide ui-field__hint">{t('legalHint')}</p>
        {(['termsAndConditions', 'privacyPolicy', 'imprint', 'allergens'] as const).map((key) => (
          <div key={key} className="bo-wide bo-legal">
            <TextInput name={key} label={t(`field.${key}`)} hint={t('linkHint')} />
            <TextInput name={`${key}Text`} label={t(`field.${key}Text`)} rows={4} />
          </div>
        ))}
      </FieldSet>
      <FieldSet legend={t('section.orders')}>
        <TextInput name="currency" label={t('field.currency')} hint={t('hint.currency')} required />
        <NumberInput
          name="cashRoundingCents"
          label={t('field.cashRounding', { currency: currency || '' })}
          hint={t('hint.cashRounding')}
          suffix={t('cents')}
        />
        <NumberInput
          name="maximumOrderValue"
          label={t('field.maximumOrderValue')}
          hint={t('hint.maximumOrderValue')}
          scale={100}
          decimals={2}
          suffix={currency}
        />
        <SelectInput
          name="defaultDeliveryMethod"
          label={t('field.defaultDeliveryMethod')}
          options={DELIVERY_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
        />
        <SelectInput
          name="defaultCountry"
          label={t('field.defaultCountry')}
          hint={t('hint.defaultCountry')}
          options={CHECKOUT_COUNTRIES.map((c) => ({ value: c, label: t(`country.${c}`) }))}
        />
        {flag('isContactEmailRequired')}
        {flag('isContactPhoneRequired')}
        {flag('disableTickets')}
      </FieldSet>
      <FieldSet legend={t('section.frontdesk')}>
        <RejectionReasonsEditor />
      </FieldSet>
      <FieldSet legend={t('section.payments')}>
        {flag('enableCash')}
        {flag('enableATMCard')}
        {flag('enableVoucher')}
        {flag('enablePluginStripe')}
        {flag('enableStripe')}
        {flag('enablePluginMollie')}
        {flag('enableMollie')}
      </FieldSet>
      <FieldSet legend={t('section.plugins')}>
        {flag('enablePluginPWA')}
        {flag('enablePluginToolbar')}
        {flag('enablePluginSMS')}
        {flag('enablePluginDonations')}
        {flag('enablePluginFrontdesk')}
        {flag('enablePluginOrderReviews')}
        {flag('enablePluginMaps')}
        {maps ? (
          <>
            <NumberInput name="mapZoom" label={t('field.mapZoom')} />
            <NumberInput name="mapPitch" label={t('field.mapPitch')} suffix="°" />
            <NumberInput name="mapBearing" label={t('field.mapBearing')} suffix="°" />
            <TextInput name="mapStyleUrl" type="url" label={t('field.mapStyleUrl')} className="bo-wide" />
          </>
        ) : null}
      </FieldSet>
    </>
  )
}

/** The storefront's fonts: families of GET /api/fonts (bundled and uploaded); none keeps the theme's. */
function FontFields() {
  const t = useT('bo-settings')
  const [fonts] = useResourceList<StoredResource & { family: string }>('fonts')
  if (fonts.status !== 'ready') return null
  const options = fonts.value.map((f) => ({ value: f.family, label: f.family }))
  return (
    <FieldSet legend={t('section.fonts')}>
      <SelectInput
        name="headingFont"
        label={t('field.headingFont')}
        options={options}
        empty={t('fontDefault')}
      />
      <SelectInput name="bodyFont" label={t('field.bodyFont')} options={options} empty={t('fontDefault')} />
    </FieldSet>
  )
}
