/**
 * The branch screens (issue 17): the list of branches and the branch editor. The editor sits on
 * `ResourceEditor` with `createBranchBodySchema` (the server's own contract and messages); its
 * mappings are branch-form.ts, the hours editor hours-editor.tsx, the delivery areas
 * delivery-areas.tsx, the map position-map.tsx (MapLibre in its own chunk), pictures and tags
 * branch-media.tsx; beside the form: tables with their QR sheet, the api key, the busy mode
 * (lib/branch-ops) and the history (lib/history).
 */
import './branches.css'
import { CHECKOUT_COUNTRIES, createBranchBodySchema } from '@shop/shared/contracts'
import { paths } from '@shop/ui/routes'
import { useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { BusyModeControl } from '../../lib/branch-ops/index.ts'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { ResourceEditor } from '../../lib/editor.tsx'
import {
  CheckboxInput,
  FieldSet,
  NumberInput,
  SelectInput,
  TextInput,
  useFormContext,
} from '../../lib/forms.tsx'
import { HistoryPanel } from '../../lib/history/history-panel.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'
import { ApiKeyPanel } from './api-key-panel.tsx'
import { type BranchForm, toBody, toForm } from './branch-form.ts'
import { ImagesField, LogoField, TagsField } from './branch-media.tsx'
import { BranchTables } from './branch-tables.tsx'
import { DeliveryAreas } from './delivery-areas.tsx'
import { HoursPreview, RulesEditor } from './hours-editor.tsx'
import { PositionFields } from './position-map.tsx'

type BranchRow = StoredResource & {
  name: string
  identifier: string
  city: string | null
  isPublic: boolean
  isTakeawayEnabled: boolean
  isDeliveryEnabled: boolean
  isDineInEnabled: boolean
}

// ---------------------------------------------------------------------------------------------
// The list

export function BranchListPage(_props: Record<string, unknown>) {
  const t = useT('bo-branches')
  const tc = useT('bo-common')
  const [state, reload] = useResourceList<BranchRow>('branches')
  const [query, setQuery] = useState('')
  const columns = useMemo<ColumnDef<BranchRow, unknown>[]>(() => {
    const orderTypes = (row: BranchRow) =>
      [
        row.isTakeawayEnabled ? t('orderType.takeaway') : null,
        row.isDeliveryEnabled ? t('orderType.delivery') : null,
        row.isDineInEnabled ? t('orderType.dineIn') : null,
      ]
        .filter(Boolean)
        .join(', ')
    return [
      {
        id: 'name',
        header: t('field.name'),
        accessorFn: (row) => row.name,
        cell: ({ row }) => (
          <Link to={paths.backend.resource('branches', row.original.id)}>{row.original.name}</Link>
        ),
      },
      { id: 'identifier', header: t('field.identifier'), accessorFn: (row) => row.identifier },
      { id: 'city', header: t('field.city'), accessorFn: (row) => row.city ?? '' },
      {
        id: 'isPublic',
        header: t('list.public'),
        accessorFn: (row) => (row.isPublic ? tc('yes') : tc('no')),
      },
      { id: 'orderTypes', header: t('list.orderTypes'), accessorFn: orderTypes, enableSorting: false },
    ]
  }, [t, tc])
  const rows = useMemo(() => {
    if (state.status !== 'ready') return []
    const q = query.trim().toLowerCase()
    if (q === '') return state.value
    return state.value.filter((row) =>
      [row.name, row.identifier, row.city ?? ''].some((text) => text.toLowerCase().includes(q)),
    )
  }, [state, query])
  return (
    <ListPage
      title={t('list.title')}
      create={{ to: paths.backend.newResource('branches'), label: t('list.new') }}
      search={{ value: query, onChange: setQuery }}
      count={rows.length}
      state={state}
      failedText={t('error.load')}
      retry={reload}
    >
      {() => (
        <DataTable
          rows={rows}
          columns={columns}
          rowId={(row) => row.id}
          caption={t('list.title')}
          empty={tc('empty')}
          initialSorting={[{ id: 'name', desc: false }]}
          height="auto"
        />
      )}
    </ListPage>
  )
}

// ---------------------------------------------------------------------------------------------
// The editor

const ORDER_TYPES = ['takeaway', 'delivery', 'dineIn'] as const
const capital = (type: string) => `${type[0]?.toUpperCase() ?? ''}${type.slice(1)}`
const TIME_ZONES = (() => {
  try {
    return Intl.supportedValuesOf('timeZone')
  } catch {
    return ['Europe/Zurich']
  }
})()

function BranchFields() {
  const t = useT('bo-branches')
  const { control } = useFormContext<BranchForm>()
  const [isDeliveryEnabled, isDeliveryHoursEnabled, timeZone] = useWatch({
    control,
    name: ['isDeliveryEnabled', 'isDeliveryHoursEnabled', 'timeZone'],
  })
  const zones = TIME_ZONES.includes(timeZone) ? TIME_ZONES : [timeZone, ...TIME_ZONES]
  return (
    <>
      <FieldSet legend={t('section.basics')}>
        <TextInput name="name" label={t('field.name')} required />
        <TextInput name="identifier" label={t('field.identifier')} hint={t('hint.identifier')} required />
        <TextInput name="description" label={t('field.description')} rows={3} className="bo-wide" />
        <TextInput
          name="keywords"
          label={t('field.keywords')}
          hint={t('hint.keywords')}
          className="bo-wide"
        />
        <CheckboxInput name="isPublic" label={t('field.isPublic')} hint={t('hint.isPublic')} />
        <SelectInput
          name="timeZone"
          label={t('field.timeZone')}
          options={zones.map((zone) => ({ value: zone, label: zone }))}
        />
        <NumberInput
          name="missedOrderMinutes"
          label={t('field.missedOrderMinutes')}
          hint={t('hint.missedOrderMinutes')}
          suffix="min"
        />
        <TagsField />
      </FieldSet>
      <FieldSet legend={t('section.contact')}>
        <TextInput name="street" label={t('field.street')} autoComplete="street-address" />
        <TextInput name="zipCode" label={t('field.zipCode')} />
        <TextInput name="city" label={t('field.city')} />
        <SelectInput
          name="country"
          label={t('field.country')}
          hint={t('hint.country')}
          options={[
            { value: '', label: t('country.default') },
            ...CHECKOUT_COUNTRIES.map((c) => ({ value: c, label: t(`bo-settings:country.${c}`) })),
          ]}
        />
        <TextInput name="phone" label={t('field.phone')} type="tel" />
        <TextInput name="email" label={t('field.email')} type="email" />
      </FieldSet>
      <FieldSet legend={t('section.position')}>
        <PositionFields />
      </FieldSet>
      <FieldSet legend={t('section.images')}>
        <ImagesField />
        <LogoField />
      </FieldSet>
      <FieldSet legend={t('section.orderTypes')}>
        <CheckboxInput name="isTakeawayEnabled" label={t('orderType.takeaway')} />
        <CheckboxInput name="isDeliveryEnabled" label={t('orderType.delivery')} />
        <CheckboxInput name="isDineInEnabled" label={t('orderType.dineIn')} />
        <CheckboxInput
          name="isTableSelectionEnabled"
          label={t('field.isTableSelectionEnabled')}
          hint={t('hint.isTableSelectionEnabled')}
        />
        <CheckboxInput
          name="isPreorderEnabled"
          label={t('field.isPreorderEnabled')}
          hint={t('hint.isPreorderEnabled')}
        />
        <CheckboxInput
          name="isAppointmentRequired"
          label={t('field.isAppointmentRequired')}
          hint={t('hint.isAppointmentRequired')}
        />
        <CheckboxInput
          name="isQuotationRequired"
          label={t('field.isQuotationRequired')}
          hint={t('hint.isQuotationRequired')}
        />
        <TextInput
          name="orderableFrom"
          label={t('field.orderableFrom')}
          hint={t('hint.orderableFrom')}
          placeholder="HH:MM"
        />
        <TextInput
          name="closedMessage"
          label={t('field.closedMessage')}
          hint={t('hint.closedMessage')}
          rows={2}
          className="bo-wide"
        />
      </FieldSet>
      <FieldSet legend={t('section.payment')}>
        <CheckboxInput name="isCashEnabled" label={t('payment.cash')} />
        <CheckboxInput name="isATMCardEnabled" label={t('payment.atmCard')} />
        <CheckboxInput name="isVoucherEnabled" label={t('payment.voucher')} />
        <CheckboxInput name="isStripeEnabled" label={t('payment.stripe')} />
        <CheckboxInput name="isMollieEnabled" label={t('payment.mollie')} />
      </FieldSet>
      <FieldSet legend={t('section.required')}>
        <table className="bo-required bo-wide">
          <caption className="ui-visually-hidden">{t('section.required')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('required.orderType')}</th>
              <th scope="col">{t('required.email')}</th>
              <th scope="col">{t('required.phone')}</th>
              <th scope="col">{t('required.address')}</th>
            </tr>
          </thead>
          <tbody>
            {ORDER_TYPES.map((type) => (
              <tr key={type}>
                <th scope="row">{t(`orderType.${type}`)}</th>
                {(['Email', 'Phone', 'Address'] as const).map((what) => (
                  <td key={what}>
                    <CheckboxInput
                      name={`is${capital(type)}${what}Required`}
                      label={
                        <span className="ui-visually-hidden">
                          {t('required.cell', {
                            type: t(`orderType.${type}`),
                            what: t(`required.${what.toLowerCase()}`),
                          })}
                        </span>
                      }
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </FieldSet>
      <div className="bo-hours-layout">
        <div className="bo-hours-layout__rules">
          <RulesEditor name="openingHours" legend={t('section.openingHours')} />
          <FieldSet legend={t('section.deliveryHours')}>
            <CheckboxInput
              name="isDeliveryHoursEnabled"
              label={t('field.isDeliveryHoursEnabled')}
              hint={t('hint.isDeliveryHoursEnabled')}
              className="bo-wide"
            />
          </FieldSet>
          {isDeliveryHoursEnabled ? (
            <RulesEditor name="deliveryHours" legend={t('section.deliveryHoursRules')} />
          ) : null}
        </div>
        <HoursPreview />
      </div>
      <FieldSet legend={t('section.deliveryAreas')}>
        {isDeliveryEnabled ? null : <p className="bo-muted bo-wide">{t('areas.deliveryOff')}</p>}
        <DeliveryAreas />
      </FieldSet>
    </>
  )
}

export function BranchEditorPage(_props: Record<string, unknown>) {
  const t = useT('bo-branches')
  const { id } = useParams()
  const fieldLabels = useMemo(
    () => ({
      name: t('field.name'),
      identifier: t('field.identifier'),
      description: t('field.description'),
      street: t('field.street'),
      zipCode: t('field.zipCode'),
      city: t('field.city'),
      country: t('field.country'),
      phone: t('field.phone'),
      email: t('field.email'),
      openingHours: t('section.openingHours'),
      deliveryHours: t('section.deliveryHours'),
      deliveryAreas: t('section.deliveryAreas'),
      isPublic: t('field.isPublic'),
    }),
    [t],
  )
  return (
    <ResourceEditor<BranchForm>
      resource="branches"
      id={id}
      schema={createBranchBodySchema}
      toForm={toForm}
      toBody={(values) => toBody(values)}
      texts={{
        load: t('error.loadOne'),
        create: t('error.create'),
        update: t('error.update'),
        delete: t('error.delete'),
        newTitle: t('editor.newTitle'),
        title: (item) => String(item.name ?? ''),
      }}
      listPath={paths.backend.resources('branches')}
      itemPath={(newId) => paths.backend.resource('branches', newId)}
      fieldLabels={fieldLabels}
      aside={(item, replace) => (
        <>
          <BranchTables branch={item} />
          <ApiKeyPanel branch={item} replace={replace} />
          <section className="bo-side-panel" aria-labelledby="bo-branch-busy-title">
            <h2 id="bo-branch-busy-title">{t('busy.title')}</h2>
            <BusyModeControl access={{ kind: 'session', branchId: item.id }} />
          </section>
          <HistoryPanel
            collapsible
            resource="branches"
            id={item.id}
            currentVersion={item.version}
            onRestored={replace}
          />
        </>
      )}
    >
      {() => <BranchFields />}
    </ResourceEditor>
  )
}
