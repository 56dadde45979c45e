/**
 * A configurable product's parts (`config.parts`, spec §3 "configurable part"): what the customer
 * chooses or enters when ordering. Each part has a name, a description, one of the eight types
 * and an optional flag; a select or multiselect has options that add to, subtract from or
 * overwrite the price. Parts and options are reordered by dragging or with the move buttons.
 */
import { Button, IconButton } from '@shop/ui'
import { useFieldArray, useWatch } from 'react-hook-form'
import { CheckboxInput, NumberInput, SelectInput, TextInput, useFormContext } from '../../lib/forms.tsx'
import { useT } from '../../lib/i18n.tsx'
import { SortableList } from '../../lib/sortable.tsx'
import {
  emptyOption,
  emptyPart,
  hasOptions,
  moved,
  PRICE_MODIFIERS,
  PRODUCT_PART_TYPES,
  type ProductFormValues,
  without,
  withTranslatedOptions,
  withTranslatedParts,
} from './product-form.ts'

export function PartsEditor({ currency }: { currency: string }) {
  const t = useT('bo-products')
  const { control, formState, getValues, setValue } = useFormContext<ProductFormValues>()
  const parts = useFieldArray({ control, name: 'config.parts' })
  // A part's translations (issue 18) are kept by position: they move and go with the part.
  const moveTranslations = (change: Parameters<typeof withTranslatedParts>[2]) =>
    setValue(
      'translations',
      withTranslatedParts(getValues('translations'), getValues('config.parts').length, change),
    )
  // The names as typed: the move buttons and the announcements say which part moves.
  const values = useWatch({ control, name: 'config.parts' })
  const partsError = formState.errors.config?.parts?.root?.message ?? formState.errors.config?.parts?.message
  const partName = (index: number) => values?.[index]?.name || t('parts.unnamed', { position: index + 1 })
  return (
    <div className="bo-wide bo-parts">
      {parts.fields.length === 0 ? <p className="bo-muted">{t('parts.none')}</p> : null}
      <SortableList
        ids={parts.fields.map((f) => f.id)}
        onMove={(from, to) => {
          moveTranslations((list) => moved(list, from, to))
          parts.move(from, to)
        }}
        label={partName}
        className="bo-sortable"
      >
        {(_id, index, { handle, moveButtons }) => (
          <div className="bo-part">
            <div className="bo-part__head">
              {handle}
              <h3>{t('parts.part', { position: index + 1 })}</h3>
              {moveButtons}
              <Button
                small
                variant="ghost"
                onClick={() => {
                  moveTranslations((list) => without(list, index))
                  parts.remove(index)
                }}
              >
                {t('parts.remove', { name: partName(index) })}
              </Button>
            </div>
            <PartFields index={index} currency={currency} />
          </div>
        )}
      </SortableList>
      {partsError ? (
        <p className="ui-field__error" role="alert">
          {String(partsError)}
        </p>
      ) : null}
      <Button small variant="secondary" icon="plus" onClick={() => parts.append(emptyPart())}>
        {t('parts.add')}
      </Button>
    </div>
  )
}

function PartFields({ index, currency }: { index: number; currency: string }) {
  const t = useT('bo-products')
  const { control } = useFormContext<ProductFormValues>()
  const type = useWatch({ control, name: `config.parts.${index}.type` })
  const base = `config.parts.${index}` as const
  return (
    <div className="bo-fieldset bo-fieldset--plain">
      <TextInput name={`${base}.name`} label={t('parts.name')} required />
      <SelectInput
        name={`${base}.type`}
        label={t('parts.type')}
        options={PRODUCT_PART_TYPES.map((value) => ({ value, label: t(`partType.${value}`) }))}
      />
      <CheckboxInput name={`${base}.optional`} label={t('parts.optional')} />
      <TextInput name={`${base}.description`} label={t('parts.description')} rows={2} className="bo-wide" />
      {hasOptions(type) ? <OptionsEditor partIndex={index} currency={currency} /> : null}
    </div>
  )
}

function OptionsEditor({ partIndex, currency }: { partIndex: number; currency: string }) {
  const t = useT('bo-products')
  const { control, formState, getValues, setValue } = useFormContext<ProductFormValues>()
  const name = `config.parts.${partIndex}.options` as const
  const options = useFieldArray({ control, name })
  // The options' translations (issue 18) move and go with them, as the parts' do.
  const moveTranslations = (change: (list: string[]) => string[]) =>
    setValue(
      'translations',
      withTranslatedOptions(
        getValues('translations'),
        getValues('config.parts').length,
        partIndex,
        getValues(name).length,
        change,
      ),
    )
  const values = useWatch({ control, name })
  const partErrors = formState.errors.config?.parts?.[partIndex]
  const optionsError = partErrors?.options?.root?.message ?? partErrors?.options?.message
  const optionName = (index: number) => values?.[index]?.name || t('parts.option', { position: index + 1 })
  return (
    <div className="bo-wide bo-options">
      <h4>{t('parts.options')}</h4>
      <SortableList
        ids={options.fields.map((f) => f.id)}
        onMove={(from, to) => {
          moveTranslations((list) => moved(list, from, to))
          options.move(from, to)
        }}
        label={optionName}
        className="bo-sortable"
      >
        {(_id, index, { handle, moveButtons }) => (
          <div className="bo-option">
            {handle}
            <TextInput name={`${name}.${index}.name`} label={t('parts.optionName')} required />
            <SelectInput
              name={`${name}.${index}.modifier`}
              label={t('parts.modifier')}
              options={PRICE_MODIFIERS.map((value) => ({ value, label: t(`modifier.${value}`) }))}
            />
            <NumberInput
              name={`${name}.${index}.value`}
              label={t('parts.value')}
              scale={100}
              decimals={2}
              suffix={currency}
            />
            {moveButtons}
            <IconButton
              icon="trash"
              label={t('parts.removeOption', { name: optionName(index) })}
              onClick={() => {
                moveTranslations((list) => without(list, index))
                options.remove(index)
              }}
            />
          </div>
        )}
      </SortableList>
      {optionsError ? (
        <p className="ui-field__error" role="alert">
          {String(optionsError)}
        </p>
      ) : null}
      <Button small variant="secondary" icon="plus" onClick={() => options.append(emptyOption())}>
        {t('parts.addOption')}
      </Button>
    </div>
  )
}
