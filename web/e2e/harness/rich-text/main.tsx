/**
 * A test page for the back-office's rich-text editor (web/e2e/src/rich-text.e2e.test.ts builds it
 * with the back-office's Vite settings; it is never part of an app): the editor as a form field,
 * and `window.richText` for the corpus check, which pastes HTML through a headless editor of the
 * same schema and paste cleaner, and sanitises the result with the storefront's own sanitizer.
 */
import '@shop/ui/styles.css'
import '../../../backoffice/src/app/app.css'
import { Editor } from '@tiptap/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { useForm, useWatch } from 'react-hook-form'
import { EditorFormProvider } from '../../../backoffice/src/lib/forms.tsx'
import { LocaleProvider } from '../../../backoffice/src/lib/i18n.tsx'
import { richTextExtensions } from '../../../backoffice/src/lib/rich-text/extensions.ts'
import { RichTextField } from '../../../backoffice/src/lib/rich-text/index.tsx'
import {
  allowedHtml,
  cleanPastedHtml,
  keepFirstBlock,
} from '../../../backoffice/src/lib/rich-text/paste-cleaner.ts'
import { sanitizeHtml } from '../../../storefront/src/features/content/sanitize-html.ts'

function headlessEditor(): Editor {
  return new Editor({
    element: document.createElement('div'),
    extensions: richTextExtensions(),
    injectCSS: false,
    editorProps: { transformPastedHTML: cleanPastedHtml, transformPasted: keepFirstBlock },
  })
}

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML())

declare global {
  interface Window {
    richText: {
      /** Pastes `html` into an empty editor: what it stores, that reloaded, and that sanitised. */
      paste(html: string): { stored: string; reloaded: string; sanitized: string }
      /** Loads stored `html` (the editor's `value`): what it stores then, and that sanitised. */
      load(html: string): { stored: string; sanitized: string }
    }
  }
}

const pasting = headlessEditor()
const loading = headlessEditor()
window.richText = {
  paste(html) {
    pasting.commands.clearContent()
    pasting.view.pasteHTML(html)
    const stored = htmlOf(pasting)
    loading.commands.setContent(allowedHtml(stored), { emitUpdate: false })
    return { stored, reloaded: htmlOf(loading), sanitized: sanitizeHtml(stored) }
  },
  load(html) {
    loading.commands.setContent(allowedHtml(html), { emitUpdate: false })
    const stored = htmlOf(loading)
    return { stored, sanitized: sanitizeHtml(stored) }
  },
}

const START = '<h2>Willkommen</h2><p>Frisches Brot <strong>jeden Morgen</strong>.</p>'

function Harness() {
  const form = useForm<{ text: string }>({ defaultValues: { text: START } })
  const value = useWatch({ control: form.control, name: 'text' })
  return (
    <EditorFormProvider form={form}>
      <h1>Rich-Text-Editor</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault()
        }}
      >
        <RichTextField name="text" label="Text der Seite" hint="Erscheint so im Shop." />
      </form>
      <h2>Gespeichert</h2>
      <pre data-testid="stored">{value}</pre>
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
