/**
 * "Übersetzungen" of the product editor (issue 18): per locale the product's name and
 * description and each part's name, description and options, each beside its German original.
 * An empty field is not translated: the storefront shows the German text there. The values
 * mirror `config.parts` by position (product-form.ts); the parts editor moves them along.
 */
import { useWatch } from 'react-hook-form'
import { FieldSet, TextInput, useFormContext } from '../../lib/forms.tsx'
import { useT } from '../../lib/i18n.tsx'
import { hasOptions, MENU_TRANSLATION_LOCALES, type ProductFormValues } from './product-form.ts'

export function TranslationsEditor() {
  const t = useT('bo-products')
  const { control } = useFormContext<ProductFormValues>()
  const [name, description, parts] = useWatch({ control, name: ['name', 'description', 'config.parts'] })
  const original = (text: string | undefined) =>
    text?.trim() ? t('translations.original', { text: text.trim() }) : t('translations.noOriginal')
  return (
    <FieldSet legend={t('translations.section')}>
      <p className="ui-field__hint bo-wide">{t('translations.hint')}</p>
      {MENU_TRANSLATION_LOCALES.map((locale) => (
        <fieldset key={locale} className="bo-fieldset bo-wide" data-locale={locale}>
          <legend>{t(`translations.locale.${locale}`)}</legend>
          <TextInput
            name={`translations.${locale}.name`}
            label={t('translations.name')}
            hint={original(name)}
          />
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
      ))}
    </FieldSet>
  )
}
