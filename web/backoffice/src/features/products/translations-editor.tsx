/**
 * "Übersetzungen" of the product editor (issue 18): per locale the product's name and
 * description and each part's name, description and options, each beside its German original.
 * An empty field is not translated: the storefront shows the German text there. The values
 * mirror `config.parts` by position (product-form.ts); the parts editor moves them along.
 */
import { useState } from 'react'
import { get, useFormState, useWatch } from 'react-hook-form'
import { FieldSet, TextInput, useFormContext } from '../../lib/forms.tsx'
import { useT } from '../../lib/i18n.tsx'
import {
  hasOptions,
  MENU_TRANSLATION_LOCALES,
  type ProductFormValues,
  translatedCount,
} from './product-form.ts'

export function TranslationsEditor() {
  const t = useT('bo-products')
  return (
    <FieldSet legend={t('translations.section')}>
      <p className="ui-field__hint bo-wide">{t('translations.hint')}</p>
      {MENU_TRANSLATION_LOCALES.map((locale) => (
        <LocaleTranslations key={locale} locale={locale} />
      ))}
    </FieldSet>
  )
}

/**
 * One language, folded: the summary says how many texts are translated; the fields are made
 * when it is opened (a product with many options has dozens), and it opens by itself when one
 * of them is refused.
 */
function LocaleTranslations({ locale }: { locale: (typeof MENU_TRANSLATION_LOCALES)[number] }) {
  const t = useT('bo-products')
  const { control } = useFormContext<ProductFormValues>()
  const [opened, setOpened] = useState(false)
  const values = useWatch({ control, name: `translations.${locale}` })
  const { errors } = useFormState({ control, name: `translations.${locale}` })
  const refused = Boolean(get(errors, `translations.${locale}`))
  const open = opened || refused
  const language = t(`translations.locale.${locale}`)
  return (
    <details
      className="bo-wide bo-translations"
      open={open}
      onToggle={(e) => setOpened(e.currentTarget.open)}
    >
      <summary>{t('translations.summary', { locale: language, count: translatedCount(values) })}</summary>
      {open ? <LocaleFields locale={locale} legend={language} /> : null}
    </details>
  )
}

function LocaleFields({
  locale,
  legend,
}: {
  locale: (typeof MENU_TRANSLATION_LOCALES)[number]
  legend: string
}) {
  const t = useT('bo-products')
  const { control } = useFormContext<ProductFormValues>()
  const [name, description, parts] = useWatch({ control, name: ['name', 'description', 'config.parts'] })
  const original = (text: string | undefined) =>
    text?.trim() ? t('translations.original', { text: text.trim() }) : t('translations.noOriginal')
  return (
    <fieldset className="bo-fieldset bo-wide" data-locale={locale}>
      <legend>{legend}</legend>
      <TextInput name={`translations.${locale}.name`} label={t('translations.name')} hint={original(name)} />
      <TextInput
        name={`translations.${locale}.description`}
        label={t('translations.description')}
        hint={original(description)}
        rows={3}
        className="bo-wide"
      />
      {(parts ?? []).map((part, index) => (
        // Translations are kept by position, as the parts are.
        // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity here
        <fieldset key={index} className="bo-fieldset bo-wide">
          <legend>
            {t('translations.part', {
              position: index + 1,
              name: part.name?.trim() || t('parts.unnamed', { position: index + 1 }),
            })}
          </legend>
          <TextInput
            name={`translations.${locale}.parts.${index}.name`}
            label={t('translations.partName')}
            hint={original(part.name)}
          />
          <TextInput
            name={`translations.${locale}.parts.${index}.description`}
            label={t('translations.partDescription')}
            hint={original(part.description)}
          />
          {hasOptions(part.type)
            ? part.options.map((option, optionIndex) => (
                <TextInput
                  // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity here
                  key={optionIndex}
                  name={`translations.${locale}.parts.${index}.options.${optionIndex}`}
                  label={t('translations.option', {
                    name: option.name?.trim() || t('parts.option', { position: optionIndex + 1 }),
                  })}
                />
              ))
            : null}
        </fieldset>
      ))}
    </fieldset>
  )
}
