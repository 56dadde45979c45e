/**
 * The rich-text editor itself (Tiptap), loaded as its own chunk by `RichTextEditor` in index.tsx.
 * It stores HTML made only of the shared allow-list (extensions.ts), cleans what is pasted
 * (paste-cleaner.ts) and uploads pictures and PDFs as the shop's images and files.
 */
import { Button } from '@shop/ui'
import type { Editor } from '@tiptap/core'
import { TextSelection } from '@tiptap/pm/state'
import type { EditorView } from '@tiptap/pm/view'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import '@shop/ui/rich-text.css'
import './rich-text.css'
import {
  isSafeUrl,
  LINK_SCHEMES,
  parseVideoUrl,
  RICH_TEXT_FONT_SIZES,
  type RichTextFloat,
  type RichTextFontSize,
} from '@shop/shared/domain/content/rich-text-markup.ts'
import { messageOf } from '../api.ts'
import { FormDialog } from '../form-dialog.tsx'
import { useT } from '../i18n.tsx'
import { type StoredImage, uploadFile, uploadImage } from '../image-picker.tsx'
import { richTextExtensions } from './extensions.ts'
import { allowedHtml, cleanPastedHtml, keepFirstBlock } from './paste-cleaner.ts'
import { ToolbarIcon, type ToolbarIconName } from './toolbar-icons.tsx'
import type { RichTextEditorProps } from './types.ts'

/**
 * Takes the browser's selection into the editor's state now: the browser reports a selection
 * made by keys (Shift+Home) a moment later, and a tool chosen right after must act on it.
 */
function syncSelection(view: EditorView): void {
  const selection = view.dom.ownerDocument.getSelection()
  if (!(view.state.selection instanceof TextSelection)) return
  if (!selection?.anchorNode || !selection.focusNode || !view.dom.contains(selection.anchorNode)) return
  try {
    const anchor = view.posAtDOM(selection.anchorNode, selection.anchorOffset)
    const head = view.posAtDOM(selection.focusNode, selection.focusOffset)
    const { state } = view
    if (anchor === state.selection.anchor && head === state.selection.head) return
    view.dispatch(state.tr.setSelection(TextSelection.create(state.doc, anchor, head)))
  } catch {
    // A position the document does not have (the browser's selection is elsewhere): keep ours.
  }
}

/** What the editor's content is stored as: '' when empty, else its HTML. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML()
}

const UPLOAD_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'svg', 'pdf'] as const
const ACCEPT = '.jpg,.jpeg,.png,.gif,.svg,.pdf,image/jpeg,image/png,image/gif,image/svg+xml,application/pdf'

/**
 * An SVG as a PNG (drawn by the browser from a blob URL, nothing runs in an <img>): the shop
 * serves no SVG (a script in it would run under the shop's address), so a drawing is stored as
 * a picture of itself, twice its size for sharp screens.
 */
async function svgAsPng(file: File): Promise<File> {
  const url = URL.createObjectURL(file)
  try {
    const img = new Image()
    img.src = url
    await img.decode()
    const scale = 2
    const width = Math.min(3840, Math.max(1, Math.round((img.naturalWidth || 800) * scale)))
    const height = Math.min(3840, Math.max(1, Math.round((img.naturalHeight || 600) * scale)))
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    canvas.getContext('2d')?.drawImage(img, 0, 0, width, height)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
    if (!blob) throw new Error('svg')
    return new File([blob], file.name.replace(/\.svg$/i, '.png'), { type: 'image/png' })
  } finally {
    URL.revokeObjectURL(url)
  }
}

type Upload = { id: string; version: number; extension: string; publicHash: string }

/** The block style of the selection: 'p', 'h1'…'h6' or 'p24', 'p28', 'p32'. */
function blockStyleOf(editor: Editor): string {
  for (let level = 1; level <= 6; level++) if (editor.isActive('heading', { level })) return `h${level}`
  const size = editor.getAttributes('paragraph').size as RichTextFontSize | null | undefined
  return size ? `p${size}` : 'p'
}

function setBlockStyle(editor: Editor, style: string): void {
  const chain = editor.chain().focus()
  if (style.startsWith('h')) {
    chain.setHeading({ level: Number(style.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6 }).run()
    return
  }
  const size = style === 'p' ? null : (Number(style.slice(1)) as RichTextFontSize)
  chain.setParagraph().updateAttributes('paragraph', { size }).run()
}

/** The toolbar's state, re-read on every change of the editor. */
function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: blockStyleOf(e),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      image: e.isActive('image'),
      float: (e.isActive('image') ? (e.getAttributes('image').float ?? null) : null) as RichTextFloat | null,
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      editable: e.isEditable,
    }),
  })
}

type ToolButton = {
  key: string
  label: string
  /**
   * What the button shows: an icon of @shop/ui's set (an SVG, hidden from screen readers; the
   * name is `label`). No text: a glyph the machine's fonts lack shows as an empty box, and WCAG's
   * label-in-name (axe's label-content-name-mismatch) takes visible text as a label the name
   * must contain.
   */
  icon: ToolbarIconName
  run: () => void
  pressed?: boolean
  disabled?: boolean
}

/**
 * A toolbar of labelled buttons with one tab stop (WAI-ARIA toolbar pattern): arrow keys move
 * between the buttons, Home and End to the first and last, Escape back into the text.
 */
function Toolbar({
  label,
  groups,
  onEscape,
  toolbarRef,
}: {
  label: string
  groups: ToolButton[][]
  onEscape: () => void
  toolbarRef: React.RefObject<HTMLDivElement | null>
}) {
  const [active, setActive] = useState(0)
  const buttons = groups.flat()
  const current = Math.min(active, buttons.length - 1)
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-tool]'))
    const index = items.indexOf(document.activeElement as HTMLButtonElement)
    let next = -1
    if (e.key === 'ArrowRight') next = (index + 1) % items.length
    else if (e.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length
    else if (e.key === 'Home') next = 0
    else if (e.key === 'End') next = items.length - 1
    else if (e.key === 'Escape') {
      e.preventDefault()
      onEscape()
      return
    }
    if (next < 0) return
    e.preventDefault()
    setActive(next)
    items[next]?.focus()
  }
  let index = -1
  return (
    <div ref={toolbarRef} role="toolbar" aria-label={label} className="bo-rt__toolbar" onKeyDown={onKeyDown}>
      {groups.map((group) => (
        <div key={group.map((b) => b.key).join()} className="bo-rt__group">
          {group.map((button) => {
            index++
            const mine = index
            return (
              <button
                key={button.key}
                type="button"
                data-tool={button.key}
                className="bo-rt__button"
                tabIndex={mine === current ? 0 : -1}
                aria-label={button.label}
                title={button.label}
                aria-pressed={button.pressed === undefined ? undefined : button.pressed}
                aria-disabled={button.disabled ? true : undefined}
                onFocus={() => setActive(mine)}
                // The editor keeps its selection while a button is clicked.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  if (!button.disabled) button.run()
                }}
              >
                <ToolbarIcon name={button.icon} />
              </button>
            )
          })}
        </div>
      ))}
    </div>
  )
}

/** The editor (default export: loaded lazily by index.tsx). */
export default function RichTextEditorImpl({
  id,
  label,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  disabled,
}: RichTextEditorProps) {
  const t = useT('bo-richtext')
  const ownId = useId()
  const labelId = `${ownId}-label`
  const hintId = `${ownId}-keys`
  const statusId = `${ownId}-status`
  const emitted = useRef(value)
  const handlers = useRef({ onChange, onBlur })
  handlers.current = { onChange, onBlur }
  const toolbarRef = useRef<HTMLDivElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null)
  const [dialog, setDialog] = useState<'link' | 'video' | 'alt' | null>(null)

  const attributes = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    'aria-describedby': [describedBy, hintId].filter(Boolean).join(' '),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(disabled ? { 'aria-disabled': 'true' } : {}),
    ...(id ? { id } : {}),
    class: 'bo-rt__content content-prose',
  }

  const editor = useEditor({
    extensions: richTextExtensions(),
    content: allowedHtml(value),
    editable: !disabled,
    // The shop's Content-Security-Policy allows no <style> element: rich-text.css has the rules.
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes,
      transformPastedHTML: cleanPastedHtml,
      transformPasted: keepFirstBlock,
      handleKeyDown: (_view, event) => {
        if (event.altKey && event.key === 'F10') {
          event.preventDefault()
          syncSelection(_view)
          toolbarRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus()
          return true
        }
        return false
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e)
      emitted.current = html
      handlers.current.onChange(html)
    },
    onBlur: () => handlers.current.onBlur?.(),
  })

  // A value set from outside (a reset, another locale loaded) replaces the content.
  useEffect(() => {
    if (value === emitted.current) return
    emitted.current = value
    editor.commands.setContent(allowedHtml(value), { emitUpdate: false })
  }, [editor, value])

  const attributesKey = JSON.stringify(attributes)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the attributes
  useEffect(() => {
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes } })
    editor.setEditable(!disabled, false)
  }, [editor, attributesKey, disabled])

  const state = useToolbarState(editor)
  const off = !state.editable
  const chain = () => editor.chain().focus()

  async function upload(file: File) {
    const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? ''
    if (!(UPLOAD_TYPES as readonly string[]).includes(extension)) {
      setStatus({ text: t('uploadType'), error: true })
      return
    }
    setStatus({ text: t('uploading'), error: false })
    try {
      if (extension === 'pdf') {
        const stored = await uploadFile<Upload>('uploads', file)
        const href = `/upload/${stored.publicHash}/${stored.id}-${stored.version}.${stored.extension}`
        chain()
          .insertContent({
            type: 'text',
            text: file.name,
            marks: [{ type: 'link', attrs: { href, target: '_blank' } }],
          })
          .run()
      } else {
        const image: StoredImage = await uploadImage(extension === 'svg' ? await svgAsPng(file) : file)
        const src = `/image/medium/${image.id}-${image.version}.${image.extension}`
        chain()
          .insertContent({
            type: 'image',
            attrs: {
              src,
              alt: image.alt ?? '',
              width: image.width ? String(image.width) : null,
              height: image.height ? String(image.height) : null,
            },
          })
          .run()
        // The new picture is selected, so its description (asked for next) and float apply to it.
        let at = -1
        editor.state.doc.descendants((node, pos) => {
          if (node.type.name === 'image' && node.attrs.src === src) at = pos
        })
        if (at >= 0) editor.commands.setNodeSelection(at)
        setDialog('alt')
      }
      setStatus({ text: t('uploaded'), error: false })
    } catch (err) {
      setStatus({ text: messageOf(err, t('uploadFailed')), error: true })
    }
  }

  /** A button that switches a mark or block on and off, named and pressed by its state's key. */
  const toggle = (key: keyof typeof state & string, icon: ToolbarIconName, run: () => void): ToolButton => ({
    key,
    label: t(key),
    icon,
    pressed: Boolean(state[key]),
    run,
  })

  const tools: ToolButton[][] = [
    [
      toggle('bold', 'bold', () => chain().toggleBold().run()),
      toggle('italic', 'italic', () => chain().toggleItalic().run()),
      toggle('underline', 'underline', () => chain().toggleUnderline().run()),
      toggle('strike', 'strike', () => chain().toggleStrike().run()),
    ],
    [
      toggle('bulletList', 'bulletList', () => chain().toggleBulletList().run()),
      toggle('orderedList', 'orderedList', () => chain().toggleOrderedList().run()),
      toggle('blockquote', 'quote', () => chain().toggleBlockquote().run()),
      { key: 'rule', label: t('rule'), icon: 'rule', run: () => chain().setHorizontalRule().run() },
    ],
    [
      { key: 'link', label: t('link'), icon: 'link', pressed: state.link, run: () => setDialog('link') },
      {
        key: 'unlink',
        label: t('unlink'),
        icon: 'unlink',
        disabled: !state.link,
        run: () => chain().extendMarkRange('link').unsetLink().run(),
      },
      { key: 'upload', label: t('upload'), icon: 'image', run: () => fileRef.current?.click() },
      { key: 'video', label: t('video'), icon: 'video', run: () => setDialog('video') },
    ],
    [
      {
        key: 'alt',
        label: t('imageAlt'),
        icon: 'pencil',
        disabled: !state.image,
        run: () => setDialog('alt'),
      },
      {
        key: 'floatLeft',
        label: t('floatLeft'),
        icon: 'floatLeft',
        disabled: !state.image,
        pressed: state.float === 'left',
        run: () => chain().updateAttributes('image', { float: 'left' }).run(),
      },
      {
        key: 'floatNone',
        label: t('floatNone'),
        icon: 'floatNone',
        disabled: !state.image,
        pressed: state.image && state.float === null,
        run: () => chain().updateAttributes('image', { float: null }).run(),
      },
      {
        key: 'floatRight',
        label: t('floatRight'),
        icon: 'floatRight',
        disabled: !state.image,
        pressed: state.float === 'right',
        run: () => chain().updateAttributes('image', { float: 'right' }).run(),
      },
    ],
    [
      {
        key: 'table',
        label: t('table'),
        icon: 'tableInsert',
        disabled: state.table,
        run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
      },
      {
        key: 'addRow',
        label: t('addRow'),
        icon: 'rowAdd',
        disabled: !state.table,
        run: () => chain().addRowAfter().run(),
      },
      {
        key: 'addColumn',
        label: t('addColumn'),
        icon: 'columnAdd',
        disabled: !state.table,
        run: () => chain().addColumnAfter().run(),
      },
      {
        key: 'deleteRow',
        label: t('deleteRow'),
        icon: 'rowDelete',
        disabled: !state.table,
        run: () => chain().deleteRow().run(),
      },
      {
        key: 'deleteColumn',
        label: t('deleteColumn'),
        icon: 'columnDelete',
        disabled: !state.table,
        run: () => chain().deleteColumn().run(),
      },
      {
        key: 'headerRow',
        label: t('headerRow'),
        icon: 'tableHeader',
        disabled: !state.table,
        run: () => chain().toggleHeaderRow().run(),
      },
      {
        key: 'deleteTable',
        label: t('deleteTable'),
        icon: 'tableDelete',
        disabled: !state.table,
        run: () => chain().deleteTable().run(),
      },
    ],
    [
      {
        key: 'undo',
        label: t('undo'),
        icon: 'undo',
        disabled: !state.canUndo,
        run: () => chain().undo().run(),
      },
      {
        key: 'redo',
        label: t('redo'),
        icon: 'redo',
        disabled: !state.canRedo,
        run: () => chain().redo().run(),
      },
    ],
  ]
  const groups = tools.map((group) => group.map((b) => ({ ...b, disabled: off || b.disabled })))

  const blockOptions = [
    { value: 'p', label: t('block.paragraph') },
    ...RICH_TEXT_FONT_SIZES.map((size) => ({ value: `p${size}`, label: t('block.size', { size }) })),
    ...[1, 2, 3, 4, 5, 6].map((level) => ({ value: `h${level}`, label: t('block.heading', { level }) })),
  ]

  return (
    <div className={['bo-rt', invalid ? 'bo-rt--invalid' : '', off ? 'bo-rt--disabled' : ''].join(' ')}>
      <span id={labelId} className="ui-field__label">
        {label}
      </span>
      <div className="bo-rt__bar">
        <label className="bo-rt__block">
          <ToolbarIcon name={state.block.startsWith('h') ? 'heading' : 'paragraph'} />
          <span className="ui-visually-hidden">{t('block.label')}</span>
          <select
            className="ui-select"
            value={state.block}
            disabled={off}
            onChange={(e) => setBlockStyle(editor, e.target.value)}
          >
            {blockOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <Toolbar
          label={`${t('toolbar')}: ${label}`}
          groups={groups}
          toolbarRef={toolbarRef}
          onEscape={() => editor.commands.focus()}
        />
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPT}
          className="ui-visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-rich-text-upload=""
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void upload(file)
          }}
        />
      </div>
      <EditorContent editor={editor} />
      <span id={hintId} className="ui-field__hint">
        {t('keyboardHint')}
      </span>
      <div id={statusId} role="status" className={status?.error ? 'ui-field__error' : 'ui-field__hint'}>
        {status?.text ?? ''}
      </div>
      {/* The dialogs have forms of their own: outside the editor's form (no nested forms). */}
      {dialog
        ? createPortal(
            dialog === 'link' ? (
              <LinkDialog editor={editor} onClose={() => setDialog(null)} />
            ) : dialog === 'video' ? (
              <VideoDialog editor={editor} onClose={() => setDialog(null)} />
            ) : (
              <AltDialog editor={editor} onClose={() => setDialog(null)} />
            ),
            document.body,
          )
        : null}
    </div>
  )
}

/**
 * The field a dialog opens in: marked `autofocus` in the DOM before the dialog opens, so the
 * dialog's own focusing (showModal) puts the cursor there rather than on its close button.
 */
const focusFirst = (el: HTMLInputElement | null) => el?.setAttribute('autofocus', '')

/** A web address typed without its scheme ("www.example.com") gets https://. */
function withScheme(url: string): string {
  const trimmed = url.trim()
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || /^[/#?.]/.test(trimmed)) return trimmed
  if (/^[^\s/]+\.[a-z]{2,}(\/|$)/i.test(trimmed)) return `https://${trimmed}`
  return trimmed
}

function DialogField({
  label,
  hint,
  error,
  children,
}: {
  label: string
  hint?: string | undefined
  error?: string | null | undefined
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode
}) {
  const id = useId()
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy })}
      {hint ? (
        <span id={`${id}-hint`} className="ui-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="ui-field__error">
          {error}
        </span>
      ) : null}
    </div>
  )
}

function EditorDialog({
  title,
  onClose,
  onApply,
  children,
  extra,
}: {
  title: string
  onClose: () => void
  onApply: () => void
  children: ReactNode
  extra?: ReactNode
}) {
  const t = useT('bo-richtext')
  return (
    <FormDialog
      title={title}
      closeLabel={t('close')}
      cancelLabel={t('cancel')}
      submitLabel={t('apply')}
      nativeValidation
      extra={extra}
      formClassName="bo-rt__dialog"
      onClose={onClose}
      onSubmit={onApply}
    >
      {children}
    </FormDialog>
  )
}

function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const t = useT('bo-richtext')
  const current = editor.getAttributes('link') as { href?: string; target?: string | null }
  const empty = editor.state.selection.empty && !editor.isActive('link')
  const [url, setUrl] = useState(current.href ?? '')
  const [text, setText] = useState('')
  const [newTab, setNewTab] = useState(current.target === '_blank')
  const [error, setError] = useState<string | null>(null)
  const close = () => {
    onClose()
    editor.commands.focus()
  }
  return (
    <EditorDialog
      title={t('linkDialog.title')}
      onClose={close}
      extra={
        editor.isActive('link') ? (
          <Button
            variant="ghost"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run()
              onClose()
            }}
          >
            {t('linkDialog.remove')}
          </Button>
        ) : null
      }
      onApply={() => {
        const href = withScheme(url)
        if (!href || !isSafeUrl(href, LINK_SCHEMES)) {
          setError(t('linkDialog.invalid'))
          return
        }
        const attrs = { href, target: newTab ? '_blank' : null }
        const chain = editor.chain().focus()
        if (empty) {
          chain
            .insertContent({ type: 'text', text: text.trim() || href, marks: [{ type: 'link', attrs }] })
            .run()
        } else {
          chain.extendMarkRange('link').setLink(attrs).run()
        }
        onClose()
      }}
    >
      <DialogField label={t('linkDialog.url')} hint={t('linkDialog.urlHint')} error={error}>
        {({ id, describedBy }) => (
          <input
            id={id}
            className="ui-input"
            type="text"
            inputMode="url"
            autoComplete="off"
            ref={focusFirst}
            value={url}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
      </DialogField>
      {empty ? (
        <DialogField label={t('linkDialog.text')}>
          {({ id }) => (
            <input
              id={id}
              className="ui-input"
              type="text"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </DialogField>
      ) : null}
      <div className="bo-check">
        <label>
          <input type="checkbox" checked={newTab} onChange={(e) => setNewTab(e.target.checked)} />{' '}
          {t('linkDialog.newTab')}
        </label>
      </div>
    </EditorDialog>
  )
}

function VideoDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const t = useT('bo-richtext')
  const [url, setUrl] = useState('')
  const [label, setLabel] = useState('')
  const [error, setError] = useState<string | null>(null)
  const close = () => {
    onClose()
    editor.commands.focus()
  }
  return (
    <EditorDialog
      title={t('videoDialog.title')}
      onClose={close}
      onApply={() => {
        const video = parseVideoUrl(withScheme(url))
        if (!video) {
          setError(t('videoDialog.invalid'))
          return
        }
        editor
          .chain()
          .focus()
          .insertMediaLink(video, label.trim() || t(`videoDialog.${video.provider}`))
          .run()
        onClose()
      }}
    >
      <DialogField label={t('videoDialog.url')} hint={t('videoDialog.hint')} error={error}>
        {({ id, describedBy }) => (
          <input
            id={id}
            className="ui-input"
            type="text"
            inputMode="url"
            autoComplete="off"
            ref={focusFirst}
            value={url}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
      </DialogField>
      <DialogField label={t('videoDialog.label')}>
        {({ id }) => (
          <input
            id={id}
            className="ui-input"
            type="text"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
          />
        )}
      </DialogField>
    </EditorDialog>
  )
}

function AltDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const t = useT('bo-richtext')
  const [alt, setAlt] = useState(String(editor.getAttributes('image').alt ?? ''))
  const close = () => {
    onClose()
    editor.commands.focus()
  }
  return (
    <EditorDialog
      title={t('altDialog.title')}
      onClose={close}
      onApply={() => {
        editor.chain().focus().updateAttributes('image', { alt: alt.trim() }).run()
        onClose()
      }}
    >
      <DialogField label={t('altDialog.label')} hint={t('altDialog.hint')}>
        {({ id, describedBy }) => (
          <input
            id={id}
            className="ui-input"
            type="text"
            ref={focusFirst}
            value={alt}
            aria-describedby={describedBy}
            onChange={(e) => setAlt(e.target.value)}
          />
        )}
      </DialogField>
    </EditorDialog>
  )
}
