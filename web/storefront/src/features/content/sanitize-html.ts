/**
 * Formatted text (spec §3 field-type catalogue: wysiwyg) is HTML written by staff. Before it
 * reaches `dangerouslySetInnerHTML` it is parsed (DOMParser: an inert document, nothing runs,
 * nothing loads) and re-serialised from an allow-list: unknown elements are unwrapped, elements
 * whose content is code or UI are dropped with their content, and only the listed attributes
 * survive, URLs only with a safe scheme. The output is built as a string by us, never by the
 * parser's own serialiser, so what we emit is exactly what we checked.
 */

/** Elements kept as they are (with the attributes of ALLOWED_ATTRIBUTES). */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'a',
  'br',
  'hr',
  'blockquote',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'img',
  'figure',
  'figcaption',
  'span',
])

/** Elements dropped together with everything inside them. */
export const DROPPED_TAGS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'button',
  'input',
  'form',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'audio',
  'video',
  'source',
  'track',
  'canvas',
  'xmp',
  'plaintext',
])

const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img'])

const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
}

const URL_SCHEMES: Readonly<Record<string, readonly string[]>> = {
  href: ['http', 'https', 'mailto', 'tel'],
  src: ['http', 'https'],
}

/**
 * True when a URL may stay: relative, or with one of the allowed schemes. Browsers ignore tabs,
 * newlines and leading control characters in a URL, so 'java\tscript:' is checked as written
 * without them.
 */
export function isSafeUrl(value: string, schemes: readonly string[]): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what we strip
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1]
  return scheme === undefined || schemes.includes(scheme)
}

/** The attribute's kept value, or null to drop it. */
export function allowedAttribute(tag: string, name: string, value: string): string | null {
  const attribute = name.toLowerCase()
  if (!(ALLOWED_ATTRIBUTES[tag] ?? []).includes(attribute)) return null
  const schemes = URL_SCHEMES[attribute]
  if (schemes) return isSafeUrl(value, schemes) ? value.trim() : null
  if (attribute === 'target') return value === '_blank' ? '_blank' : null
  if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(attribute)) {
    return /^\d{1,5}$/.test(value.trim()) ? value.trim() : null
  }
  if (attribute === 'scope') return ['row', 'col', 'rowgroup', 'colgroup'].includes(value) ? value : null
  return value
}

/** The few parts of a DOM node the walker reads (a parsed document, or a test's plain object). */
export type HtmlNode = {
  nodeType: number
  nodeName: string
  nodeValue: string | null
  childNodes: ArrayLike<HtmlNode>
  attributes?: ArrayLike<{ name: string; value: string }>
}

const TEXT_NODE = 3
const ELEMENT_NODE = 1

function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;')
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;')
}

/** Serialises the allowed part of a parsed tree (the children of `root`). */
export function serializeAllowed(root: HtmlNode, depth = 0): string {
  // A pathological nesting depth is cut off rather than recursed into.
  if (depth > 64) return ''
  let out = ''
  for (const node of Array.from(root.childNodes)) {
    if (node.nodeType === TEXT_NODE) {
      out += escapeText(node.nodeValue ?? '')
      continue
    }
    if (node.nodeType !== ELEMENT_NODE) continue
    const tag = node.nodeName.toLowerCase()
    if (DROPPED_TAGS.has(tag)) continue
    if (!ALLOWED_TAGS.has(tag)) {
      out += serializeAllowed(node, depth + 1)
      continue
    }
    let attributes = ''
    let opensNewTab = false
    for (const attribute of Array.from(node.attributes ?? [])) {
      const value = allowedAttribute(tag, attribute.name, attribute.value)
      if (value === null) continue
      if (attribute.name.toLowerCase() === 'target') opensNewTab = true
      attributes += ` ${attribute.name.toLowerCase()}="${escapeAttribute(value)}"`
    }
    // A link into a new tab must not hand the new page a handle on ours.
    if (opensNewTab) attributes += ' rel="noopener noreferrer"'
    if (tag === 'img' && !/ src="/.test(attributes)) continue
    if (VOID_TAGS.has(tag)) {
      out += `<${tag}${attributes}>`
      continue
    }
    out += `<${tag}${attributes}>${serializeAllowed(node, depth + 1)}</${tag}>`
  }
  return out
}

/** Staff HTML → HTML safe to insert. Needs DOMParser (the browser). */
export function sanitizeHtml(html: string): string {
  if (!html) return ''
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html')
  return serializeAllowed(doc.body as unknown as HtmlNode)
}
