import { type Label, labelText } from '@shop/shared/domain/content'
import { get } from 'react-hook-form'
import { useFormContext } from '../forms.tsx'
import { useLocale } from '../i18n.tsx'

/** The texts of a configuration in the editor's language (German when it has none). */
export function useLabel(): (label: Label | undefined) => string {
  const { locale } = useLocale()
  return (label) => labelText(label, locale)
}

/** The error at a path of the form (a list's own error included). */
export function useErrorAt(name: string): string | undefined {
  const { formState } = useFormContext()
  const error = get(formState.errors, name) as { message?: unknown; root?: { message?: unknown } } | undefined
  const message = error?.message ?? error?.root?.message
  return message ? String(message) : undefined
}
