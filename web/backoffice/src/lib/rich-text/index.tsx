/**
 * Formatted text for every back-office editor (spec §3 field type wysiwyg; docs/content.md
 * "Rich text"): `RichTextEditor` (controlled: value and onChange, HTML) and `RichTextField`
 * (the same as a react-hook-form field of lib/forms.tsx). The editor (Tiptap) is its own chunk,
 * loaded when the first one shows; until then a quiet placeholder holds its place.
 */
import { lazy, type ReactNode, Suspense, useEffect, useId } from 'react'
import { useController } from 'react-hook-form'
import { useFormContext } from '../forms.tsx'
import { useT } from '../i18n.tsx'
import type { RichTextEditorProps } from './types.ts'

export type { RichTextEditorProps }

const Editor = lazy(() => import('./rich-text-editor.tsx'))

function Loading({ label }: { label: string }) {
  const t = useT('bo-richtext')
  return (
    <div className="bo-rt bo-rt--loading">
      <span className="ui-field__label">{label}</span>
      <div className="bo-rt__placeholder" role="status">
        {t('loading')}
      </div>
    </div>
  )
}

/** The rich-text editor: stores HTML made only of the allowed markup (what the storefront shows). */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Loading label={props.label} />}>
      <Editor {...props} />
    </Suspense>
  )
}

/** The editor as a form field: its value is the HTML ('' when empty), errors as the other fields. */
export function RichTextField({ name, label, hint }: { name: string; label: string; hint?: ReactNode }) {
  const { control } = useFormContext()
  const { field, fieldState } = useController({ name, control })
  const id = useId()
  const error = fieldState.error?.message
  // A refused save focuses its first field (showServerErrors, the resolver): here the text area.
  const { ref } = field
  useEffect(() => {
    ref({ focus: () => document.getElementById(`${id}-text`)?.focus() })
  }, [ref, id])
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="ui-field bo-rt-field">
      <RichTextEditor
        id={`${id}-text`}
        label={label}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        invalid={Boolean(error)}
        {...(describedBy ? { describedBy } : {})}
      />
      {hint ? (
        <span id={`${id}-hint`} className="ui-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="ui-field__error">
          {String(error)}
        </span>
      ) : null}
    </div>
  )
}
