/**
 * What a content segment (a CMS page's or block's typed content, shared/domain/content
 * known-types.ts) shows on a TV: its fields in stored order, formatted text (wysiwyg: `body`,
 * `text`) as sanitized markup, the plain ones (`title`, a legacy item's `value`, `label`) as
 * text. The markup goes through the shop's one allow-list walker (`serializeAllowed` of
 * `@shop/shared/domain/content/rich-text-markup.ts`, the same the storefront's sanitizer and the
 * editor's paste cleaner use), never as the server sent it. A TV has no pointer: links keep
 * their text but are no links. At most MAX_BLOCKS blocks (paragraphs, headings, lists, …) are
 * shown, so a long page does not run off the screen.
 */
import { type HtmlNode, serializeAllowed } from '@shop/shared/domain/content/rich-text-markup.ts'

/** The blocks a TV shows of one content segment at most. */
export const MAX_BLOCKS = 12

/** The keys whose string is formatted text (wysiwyg fields). */
const RICH_KEYS: ReadonlySet<string> = new Set(['body', 'text'])
/** Keys that hold no text to show (configuration, references, media, links). */
const SKIPPED_KEYS: ReadonlySet<string> = new Set([
  'type',
  'id',
  'appearance',
  'direction',
  'image',
  'images',
  'file',
  'files',
  'reference',
  'link',
  'url',
  'src',
  'alt',
])

export type ContentField = { kind: 'plain'; text: string } | { kind: 'rich'; html: string }

/** The text fields of a page's or block's content, in stored order. */
export function contentFields(content: unknown): ContentField[] {
  const out: ContentField[] = []
  const walk = (value: unknown, key: string | null) => {
    if (typeof value === 'string') {
      if (key !== null && RICH_KEYS.has(key)) {
        if (value.trim()) out.push({ kind: 'rich', html: value })
        return
      }
      // Plain text: a stray tag in it is no markup on a TV.
      const text = value
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
      if (text) out.push({ kind: 'plain', text })
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key)
    } else if (value && typeof value === 'object') {
      for (const [child, inner] of Object.entries(value)) if (!SKIPPED_KEYS.has(child)) walk(inner, child)
    }
  }
  walk(content, null)
  return out
}

const ELEMENT_NODE = 1
const TEXT_NODE = 3

/** The tree as a TV shows it: every link replaced by its content (nothing to follow). */
export function withoutLinks(node: HtmlNode): HtmlNode {
  const children: HtmlNode[] = []
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === ELEMENT_NODE && child.nodeName.toLowerCase() === 'a')
      children.push(...Array.from(withoutLinks(child).childNodes))
    else if (child.nodeType === ELEMENT_NODE) children.push(withoutLinks(child))
    else children.push(child)
  }
  return { ...pick(node), childNodes: children }
}

const pick = (node: HtmlNode): Omit<HtmlNode, 'childNodes'> => ({
  nodeType: node.nodeType,
  nodeName: node.nodeName,
  nodeValue: node.nodeValue,
  ...(node.attributes ? { attributes: node.attributes } : {}),
})

/**
 * The sanitized markup of a parsed rich text (the children of `root`) without links, and how
 * many blocks it took: at most `budget` top-level nodes (whitespace between them is no block).
 */
export function tvMarkup(root: HtmlNode, budget: number): { html: string; blocks: number } {
  const blocks = Array.from(withoutLinks(root).childNodes).filter(
    (n) => n.nodeType === ELEMENT_NODE || (n.nodeType === TEXT_NODE && (n.nodeValue ?? '').trim() !== ''),
  )
  const kept = blocks.slice(0, Math.max(0, budget))
  const html = serializeAllowed({ ...pick(root), childNodes: kept }).trim()
  return { html, blocks: kept.length }
}

export type ContentBlock = { kind: 'plain'; text: string } | { kind: 'rich'; html: string }

/**
 * The blocks of a content segment, within MAX_BLOCKS: a plain field is one block, a rich one as
 * many as its top-level elements. `parse` turns HTML into an inert tree (the browser's
 * DOMParser in the player).
 */
export function contentBlocks(
  content: unknown,
  parse: (html: string) => HtmlNode,
  max = MAX_BLOCKS,
): ContentBlock[] {
  const out: ContentBlock[] = []
  let left = max
  for (const field of contentFields(content)) {
    if (left <= 0) break
    if (field.kind === 'plain') {
      out.push(field)
      left--
      continue
    }
    const { html, blocks } = tvMarkup(parse(field.html), left)
    left -= blocks
    if (html) out.push({ kind: 'rich', html })
  }
  return out
}

/** HTML → an inert tree (nothing runs, nothing loads): the browser's parser. */
export function parseHtml(html: string): HtmlNode {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html')
  return doc.body as unknown as HtmlNode
}
