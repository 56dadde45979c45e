/**
 * The product editor (`/backend/products/new`, `/backend/products/:id`): every field of spec §3's
 * product on the shared `ResourceEditor`, checked by `createProductBodySchema` (the server's own
 * contract and messages), with the configurable parts, the pictures, the schedule and the lead
 * time. The mappings between the stored product and the form are in product-form.ts. What
 * opening it costs against a plain form of the same fields is measured by
 * scripts/bench/editor-open.bench.ts (docs/benchmarks.md).
 */
import { createProductBodySchema } from '@shop/shared/contracts'
import { paths } from '@shop/ui/routes'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useParams } from 'react-router'
import { editorTexts, ResourceEditor } from '../../lib/editor.tsx'
import { CheckboxInput, FieldSet, NumberInput, SelectInput, TextInput } from '../../lib/forms.tsx'
import { HistoryPanel } from '../../lib/history/history-panel.tsx'
import { useT } from '../../lib/i18n.tsx'
import type { StoredResource } from '../../lib/resources.ts'
import { type ImageData, ImagesEditor, imageData } from './images-editor.tsx'
import { useCurrency } from './money.ts'
import { PartsEditor } from './parts-editor.tsx'
import { AlternativeUnits, modelOptions, ScheduleEditor, UnitSelect } from './product-fields.tsx'
import {
  LEAD_TIME_TYPES,
  PRODUCT_TYPES,
  type ProductFormValues,
  type ProductUnit,
  productToBody,
  productToForm,
} from './product-form.ts'
import { TranslationsEditor } from './translations-editor.tsx'
import './products.css'

const FIELDS = [
  'uid',
  'name',
  'description',
  'allergens',
  'images',
  'type',
  'price',
  'tax',
  'takeawayTax',
  'dineInTax',
  'unit',
  'alternativeUnits',
  'minimumQuantity',
  'maximumQuantity',
  'quantityStepSize',
  'defaultQuantity',
  'defaultUnit',
  'calculationModel',
  'isPriceHidden',
  'isEnabled',
  'schedule',
  'isStepByStep',
  'config',
  'isLeadTimeEnabled',
  'leadTimeType',
  'leadTimeValue',
  'translations',
] as const

export function ProductEditor() {
  const t = useT('bo-products')
  const { id } = useParams()
  const currency = useCurrency()
  const fieldLabels = Object.fromEntries(FIELDS.map((field) => [field, t(`fields.${field}`)]))
  const [images] = useState(imageData)
  return (
    <ResourceEditor<ProductFormValues>
      resource="products"
      id={id === undefined || id === 'new' ? undefined : id}
      schema={createProductBodySchema}
      toForm={productToForm}
      toBody={(values) => productToBody(values)}
      texts={editorTexts(t, (item) => String(item.name ?? ''), 'editor.newTitle')}
      listPath={paths.backend.resources('products')}
      itemPath={(saved) => paths.backend.resource('products', saved)}
      fieldLabels={fieldLabels}
      preload={(item) => images.load(storedImageIds(item))}
      aside={(item, replace) => (
        <HistoryPanel
          collapsible
          resource="products"
          id={item.id}
          currentVersion={item.version}
          onRestored={replace}
        />
      )}
    >
      {() => <ProductFields currency={currency} images={images} />}
    </ResourceEditor>
  )
}

/** The ids of a stored product's pictures. */
function storedImageIds(item: StoredResource): string[] {
  const images = Array.isArray(item.images) ? (item.images as unknown[]) : []
  return images.flatMap((image) =>
    image && typeof image === 'object' && typeof (image as { id?: unknown }).id === 'string'
      ? [(image as { id: string }).id]
      : [],
  )
}

function ProductFields({ currency, images }: { currency: string; images: ImageData }) {
  const t = useT('bo-products')
  const unit = useWatch<ProductFormValues, 'unit'>({ name: 'unit' })
  const alternatives = useWatch<ProductFormValues, 'alternativeUnits'>({ name: 'alternativeUnits' })
  const leadTime = useWatch<ProductFormValues, 'isLeadTimeEnabled'>({ name: 'isLeadTimeEnabled' })
  const type = useWatch<ProductFormValues, 'type'>({ name: 'type' })
  const unitName = t(`unit.${unit}`)
  const defaultUnits = [unit, ...(alternatives ?? []).map((a) => a.unit)].filter(
    (u, i, all): u is ProductUnit => Boolean(u) && all.indexOf(u) === i,
  )
  return (
    <>
      <FieldSet legend={t('section.basics')}>
        <TextInput name="name" label={t('fields.name')} required />
        <TextInput name="uid" label={t('fields.uid')} hint={t('hint.uid')} required />
        <SelectInput
          name="type"
          label={t('fields.type')}
          options={PRODUCT_TYPES.map((value) => ({ value, label: t(`productType.${value}`) }))}
        />
        <CheckboxInput name="isEnabled" label={t('fields.isEnabled')} hint={t('hint.isEnabled')} />
        <TextInput name="description" label={t('fields.description')} rows={4} className="bo-wide" />
        <TextInput
          name="allergens"
          label={t('fields.allergens')}
          hint={t('hint.allergens')}
          className="bo-wide"
        />
      </FieldSet>

      <FieldSet legend={t('section.price')}>
        <NumberInput
          name="price"
          label={t('fields.price')}
          scale={100}
          decimals={2}
          suffix={currency}
          required
        />
        <SelectInput name="calculationModel" label={t('fields.calculationModel')} options={modelOptions(t)} />
        <CheckboxInput
          name="isPriceHidden"
          label={t('fields.isPriceHidden')}
          hint={t('hint.isPriceHidden')}
        />
        <NumberInput name="tax" label={t('fields.tax')} suffix="%" required />
        <NumberInput name="takeawayTax" label={t('fields.takeawayTax')} suffix="%" required />
        <NumberInput name="dineInTax" label={t('fields.dineInTax')} suffix="%" required />
      </FieldSet>

      <FieldSet legend={t('section.units')}>
        <UnitSelect name="unit" label={t('fields.unit')} />
        <NumberInput name="minimumQuantity" label={t('fields.minimumQuantity')} suffix={unitName} />
        <NumberInput
          name="maximumQuantity"
          label={t('fields.maximumQuantity')}
          suffix={unitName}
          hint={t('hint.noMaximum')}
        />
        <NumberInput name="quantityStepSize" label={t('fields.quantityStepSize')} suffix={unitName} />
        <NumberInput
          name="defaultQuantity"
          label={t('fields.defaultQuantity')}
          suffix={unitName}
          hint={t('hint.defaultQuantity')}
        />
        <UnitSelect
          name="defaultUnit"
          label={t('fields.defaultUnit')}
          empty={t('hint.defaultUnitNone', { unit: unitName })}
          only={defaultUnits}
        />
        <AlternativeUnits />
      </FieldSet>

      <FieldSet legend={t('section.images')}>
        <ImagesEditor data={images} />
      </FieldSet>

      <FieldSet legend={t('section.parts')}>
        <p className="ui-field__hint bo-wide">
          {type === 'configurable' ? t('hint.partsConfigurable') : t('hint.parts')}
        </p>
        <CheckboxInput name="isStepByStep" label={t('fields.isStepByStep')} hint={t('hint.isStepByStep')} />
        <PartsEditor currency={currency} />
      </FieldSet>

      <FieldSet legend={t('section.availability')}>
        <ScheduleEditor />
        <CheckboxInput name="isLeadTimeEnabled" label={t('fields.isLeadTimeEnabled')} className="bo-wide" />
        {leadTime ? (
          <>
            <NumberInput name="leadTimeValue" label={t('fields.leadTimeValue')} />
            <SelectInput
              name="leadTimeType"
              label={t('fields.leadTimeType')}
              options={LEAD_TIME_TYPES.map((value) => ({ value, label: t(`leadTime.${value}`) }))}
            />
          </>
        ) : null}
      </FieldSet>

      <TranslationsEditor />
    </>
  )
}
