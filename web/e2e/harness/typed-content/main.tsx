/**
 * A test page for the back-office's typed-content fields (web/e2e/src/typed-content.e2e.test.ts
 * builds it with the back-office's Vite settings; it is never part of an app): every field type
 * of spec §3 (catalogue.ts) in an editor's form, checked on "Prüfen" with the shared validator
 * (`contentSchemaOf`, through the editors' `contractResolver`, as the site and block editors and
 * the server check content); the form's value is shown below it.
 */
import '@shop/ui/styles.css'
import '../../../backoffice/src/app/app.css'
import '../../../backoffice/src/lib/editors.css'
import { contentSchemaOf, defaultContent } from '@shop/shared/domain/content'
import { Button } from '@shop/ui'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { contractResolver, EditorFormProvider } from '../../../backoffice/src/lib/forms.tsx'
import { LocaleProvider } from '../../../backoffice/src/lib/i18n.tsx'
import { TypedContentFields } from '../../../backoffice/src/lib/typed-content/index.ts'
import { CATALOGUE } from './catalogue.ts'

type Values = { content: Record<string, unknown> }

const schema = z.object({ content: contentSchemaOf(CATALOGUE) })

function Harness() {
  const form = useForm<Values>({
    defaultValues: { content: defaultContent(CATALOGUE) },
    resolver: contractResolver<Values>(schema),
    // As the editors (lib/editor.tsx): checked on submit, then as the user corrects.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
  const value = useWatch({ control: form.control, name: 'content' })
  const [verdict, setVerdict] = useState('')
  return (
    <EditorFormProvider form={form}>
      <h1>Typisierte Inhalte</h1>
      <form
        noValidate
        className="bo-form"
        onSubmit={form.handleSubmit(
          () => setVerdict('Gültig.'),
          () => setVerdict('Ungültig.'),
        )}
      >
        <div className="bo-tc-grid">
          <TypedContentFields config={CATALOGUE} name="content" />
        </div>
        <Button type="submit">Prüfen</Button>
        <p role="status">{verdict}</p>
      </form>
      <h2>Wert</h2>
      <pre data-testid="value">{JSON.stringify(value)}</pre>
    </EditorFormProvider>
  )
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <LocaleProvider>
        <Harness />
      </LocaleProvider>
    </StrictMode>,
  )
}
