/**
 * Pasted content (Word, Google Docs, web pages) before the editor reads it: the formatting people
 * mean is kept as markup (Word's list paragraphs become lists, Google's bold/italic spans become
 * <strong>/<em>), and everything else goes: Word's mso- styles, <o:p>, conditional comments and
 * list markers, Google's <b id="docs-internal-guid-…"> wrapper, <font>, spans with inline styles,
 * comments, classes. The result is then walked by the shared allow-list
 * (`serializeAllowed`), the same the storefront's sanitizer uses.
 */
import { type HtmlNode, serializeAllowed } from '@shop/shared/domain/content/rich-text-markup.ts'
import { Slice } from '@tiptap/pm/model'
import type { EditorView } from '@tiptap/pm/view'

/** HTML from outside (stored text, a paste) → only the allowed markup. */
export function allowedHtml(html: string): string {
  if (!html) return ''
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html')
  return serializeAllowed(doc.body as unknown as HtmlNode)
}

/** What the editor's paste handler (`transformPastedHTML`) turns a clipboard's HTML into. */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const body = doc.body
  removeComments(body)
  // Word's office, drawing and Word elements (<o:p>, <v:shape>, <w:sdt>) are not text.
  for (const el of Array.from(body.querySelectorAll('*'))) {
    if (/^(o|v|w):/.test(el.localName)) el.remove()
  }
  // Word's list markers ("·", "1.") in a span styled mso-list:Ignore, inside a list paragraph.
  convertWordLists(body)
  // Google Docs wraps the whole clipboard in a <b> that means nothing (font-weight:normal).
  for (const b of Array.from(body.querySelectorAll('b[id^="docs-internal-guid"]'))) unwrap(b)
  // Google Docs (and many web pages) say bold, italic, underline and strike with styles.
  for (const span of Array.from(body.querySelectorAll('span[style]'))) styleToMarkup(span as HTMLElement)
  return serializeAllowed(body as unknown as HtmlNode)
}

/**
 * Pasted into an empty paragraph, the first pasted paragraph keeps its own style (a large
 * paragraph stays large): ProseMirror would merge it into the empty one and keep that one's.
 */
export function keepFirstBlock(slice: Slice, view: EditorView): Slice {
  const { $from } = view.state.selection
  const first = slice.content.firstChild
  if (
    slice.openStart > 0 &&
    first?.isTextblock &&
    $from.parent.isTextblock &&
    $from.parent.content.size === 0 &&
    !$from.parent.sameMarkup(first)
  ) {
    return new Slice(slice.content, 0, slice.openEnd)
  }
  return slice
}

function removeComments(root: Node): void {
  const walker = root.ownerDocument?.createTreeWalker(root, NodeFilter.SHOW_COMMENT)
  const comments: Node[] = []
  while (walker?.nextNode()) comments.push(walker.currentNode)
  for (const c of comments) c.parentNode?.removeChild(c)
}

function unwrap(el: Element): void {
  el.replaceWith(...Array.from(el.childNodes))
}

function wrapChildren(el: Element, tag: string): void {
  const wrapper = el.ownerDocument.createElement(tag)
  wrapper.append(...Array.from(el.childNodes))
  el.append(wrapper)
}

function styleToMarkup(span: HTMLElement): void {
  const style = (span.getAttribute('style') ?? '').toLowerCase().replace(/\s+/g, '')
  if (/(^|;)font-weight:(bold|bolder|[6-9]00)/.test(style)) wrapChildren(span, 'strong')
  if (/(^|;)font-style:italic/.test(style)) wrapChildren(span, 'em')
  // A link's own underline is the link's look, not an underline.
  if (/(^|;)text-decoration(-line)?:[^;]*underline/.test(style) && !span.closest('a')) wrapChildren(span, 'u')
  if (/(^|;)text-decoration(-line)?:[^;]*line-through/.test(style)) wrapChildren(span, 's')
}

type WordItem = { p: Element; level: number; ordered: boolean }

/** The list level and kind of one of Word's list paragraphs, null for any other element. */
function wordListItem(el: Element): WordItem | null {
  if (el.localName !== 'p') return null
  const style = el.getAttribute('style') ?? ''
  const list = /mso-list:\s*l\d+\s+level(\d+)/i.exec(style)
  if (!list) return null
  const marker = Array.from(el.querySelectorAll('span[style]')).find((s) =>
    /mso-list:\s*ignore/i.test(s.getAttribute('style') ?? ''),
  )
  const text = (marker?.textContent ?? '').replace(/\u00a0/g, ' ').trim()
  marker?.remove()
  return { p: el, level: Number(list[1]), ordered: /^(\d+|[a-z]|[ivxlcdm]+)[.)]/i.test(text) }
}

/** Turns each run of Word list paragraphs into <ul>/<ol> lists nested by their levels. */
function convertWordLists(root: Element): void {
  const seen = new Set<Element>()
  for (const first of Array.from(root.querySelectorAll('p'))) {
    if (seen.has(first)) continue
    const head = wordListItem(first)
    if (!head) continue
    const run: WordItem[] = [head]
    seen.add(first)
    let next = first.nextElementSibling
    while (next) {
      const item = wordListItem(next)
      if (!item) break
      run.push(item)
      seen.add(next)
      next = next.nextElementSibling
    }
    const doc = root.ownerDocument
    const stack: { level: number; list: Element }[] = []
    let top: Element | null = null
    for (const item of run) {
      while (stack.length > 0 && (stack.at(-1)?.level ?? 0) > item.level) stack.pop()
      const current = stack.at(-1)
      if (!current || current.level < item.level) {
        const list = doc.createElement(item.ordered ? 'ol' : 'ul')
        const parentItem = current?.list.lastElementChild
        if (parentItem) parentItem.append(list)
        else if (current) current.list.append(list)
        else top = list
        stack.push({ level: item.level, list })
      }
      const li = doc.createElement('li')
      const para = doc.createElement('p')
      para.append(...Array.from(item.p.childNodes))
      li.append(para)
      stack.at(-1)?.list.append(li)
    }
    if (top) first.before(top)
    for (const item of run) item.p.remove()
  }
}
