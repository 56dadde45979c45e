/**
 * The markup formatted text (spec §3 field-type catalogue: wysiwyg) may hold, in one place: the
 * back-office's rich-text editor builds its schema from these lists and cleans pasted content with
 * the same walker, and the storefront's sanitizer keeps exactly this before the HTML reaches the
 * page. So what the editor stores passes the sanitizer unchanged, and the two cannot drift.
 *
 * The walker is pure (it reads a parsed tree through the few fields of `HtmlNode`): the caller
 * parses (the browser's DOMParser: an inert document, nothing runs, nothing loads), and the walker
 * re-serialises the allowed part as a string it builds itself, so what is emitted is exactly what
 * was checked. Unknown elements are unwrapped, elements whose content is code or UI are dropped
 * with their content, only the listed attributes survive, URLs only with a safe scheme, classes
 * only from the short list below (font sizes, floating images, media links). No style attribute,
 * no event handler, no iframe: a video is a link (privacy: nothing loads from YouTube or Vimeo
 * until the visitor clicks, and the shop's Content-Security-Policy allows no foreign frames).
 */

/** The paragraph styles for larger text (spec §3: font sizes 24, 28 and 32), in pixels. */
export const RICH_TEXT_FONT_SIZES = [24, 28, 32] as const
export type RichTextFontSize = (typeof RICH_TEXT_FONT_SIZES)[number]

/** The class of a paragraph in one of the larger font sizes. */
export const fontSizeClass = (size: RichTextFontSize): string => `rt-size-${size}`

/** The font size a paragraph's classes name, if any. */
export function fontSizeOfClass(className: string | null | undefined): RichTextFontSize | null {
  for (const size of RICH_TEXT_FONT_SIZES) {
    if ((className ?? '').split(/\s+/).includes(fontSizeClass(size))) return size
  }
  return null
}

/** Images float left or right of the text that follows them. */
export const RICH_TEXT_FLOATS = ['left', 'right'] as const
export type RichTextFloat = (typeof RICH_TEXT_FLOATS)[number]

export const floatClass = (float: RichTextFloat): string => `rt-float-${float}`

export function floatOfClass(className: string | null | undefined): RichTextFloat | null {
  for (const float of RICH_TEXT_FLOATS) {
    if ((className ?? '').split(/\s+/).includes(floatClass(float))) return float
  }
  return null
}

/** The paragraph that holds a media link (a video on YouTube or Vimeo, shown as a card). */
export const MEDIA_CLASS = 'rt-media'

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

export const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img'])

/** The attributes an element keeps (each value checked by `allowedAttribute`). */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'width', 'height', 'class'],
  p: ['class'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
}

/** The classes an element keeps; any other class is removed. */
export const ALLOWED_CLASSES: Readonly<Record<string, readonly string[]>> = {
  p: [...RICH_TEXT_FONT_SIZES.map(fontSizeClass), MEDIA_CLASS],
  img: RICH_TEXT_FLOATS.map(floatClass),
}

/** The schemes a link may use; relative links are always fine. */
export const LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel']
/** The schemes an image source may use (no data: URL, no file:). */
export const IMAGE_SCHEMES: readonly string[] = ['http', 'https']

const URL_SCHEMES: Readonly<Record<string, readonly string[]>> = {
  href: LINK_SCHEMES,
  src: IMAGE_SCHEMES,
}

/** The `rel` every link into a new tab gets (the new page gets no handle on ours). */
export const NEW_TAB_REL = 'noopener noreferrer'

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
  if (attribute === 'class') {
    const allowed = ALLOWED_CLASSES[tag] ?? []
    const kept = [...new Set(value.split(/\s+/).filter((c) => allowed.includes(c)))]
    return kept.length > 0 ? kept.join(' ') : null
  }
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
    if (opensNewTab) attributes += ` rel="${NEW_TAB_REL}"`
    if (tag === 'img' && !/ src="/.test(attributes)) continue
    if (VOID_TAGS.has(tag)) {
      out += `<${tag}${attributes}>`
      continue
    }
    out += `<${tag}${attributes}>${serializeAllowed(node, depth + 1)}</${tag}>`
  }
  return out
}

/** A video on a platform the editor links to (a media embed). */
export type MediaVideo = { provider: 'youtube' | 'vimeo'; id: string }

/**
 * The video a YouTube or Vimeo address names (watch, short, embed and nocookie forms), or null
 * for anything else: only these become media links.
 */
export function parseVideoUrl(input: string): MediaVideo | null {
  let url: URL
  try {
    url = new URL(input.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '')
  const path = url.pathname
  const youtubeId = /^[A-Za-z0-9_-]{11}$/
  if (host === 'youtu.be') {
    const id = path.slice(1).split('/')[0] ?? ''
    return youtubeId.test(id) ? { provider: 'youtube', id } : null
  }
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id =
      path === '/watch'
        ? (url.searchParams.get('v') ?? '')
        : (/^\/(?:embed|shorts|live)\/([^/]+)/.exec(path)?.[1] ?? '')
    return youtubeId.test(id) ? { provider: 'youtube', id } : null
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /^\/(?:video\/)?(\d{1,12})(?:\/|$)/.exec(path)?.[1]
    return id ? { provider: 'vimeo', id } : null
  }
  return null
}

/** The address a media link points to (the platform's own page of the video). */
export function videoUrl(video: MediaVideo): string {
  return video.provider === 'youtube'
    ? `https://www.youtube.com/watch?v=${video.id}`
    : `https://vimeo.com/${video.id}`
}
