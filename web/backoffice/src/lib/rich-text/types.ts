/** The rich-text editor's props (index.tsx `RichTextEditor`). */
export type RichTextEditorProps = {
  /** The id of the editable area (for a label elsewhere, or a form's error focus). */
  id?: string
  /** Shown above the toolbar and the accessible name of the text area. */
  label: string
  /** The stored HTML ('' for none). */
  value: string
  onChange(html: string): void
  onBlur?(): void
  invalid?: boolean
  /** Ids of hints and errors that describe the text area. */
  describedBy?: string
  disabled?: boolean
}
