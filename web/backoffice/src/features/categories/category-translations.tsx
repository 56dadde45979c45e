/**
 * "Übersetzungen" of the category editor (issue 18): the category's name per locale beside the
 * German one. An empty field is not translated: the storefront shows the German name.
 */
import { MENU_TRANSLATION_LOCALES } from '@shop/shared/contracts'
import { useWatch } from 'react-hook-form'
import { FieldSet, TextInput } from '../../lib/forms.tsx'
import { useT } from '../../lib/i18n.tsx'
import type { CategoryForm } from './category-model.ts'

export function CategoryTranslations() {
  const t = useT('bo-categories')
  const name = useWatch<CategoryForm, 'name'>({ name: 'name' })
  return (
    <FieldSet legend={t('translations.section')}>
      <p className="ui-field__hint bo-wide">{t('translations.hint')}</p>
      {MENU_TRANSLATION_LOCALES.map((locale) => (
        <TextInput
          key={locale}
          name={`translations.${locale}.name`}
          label={`${t('translations.name')} (${t(`translations.locale.${locale}`)})`}
          hint={name?.trim() ? t('translations.original', { text: name.trim() }) : undefined}
        />
      ))}
    </FieldSet>
  )
}
