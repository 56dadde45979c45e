import { paths } from '@shop/ui/routes'
/**
 * Typed content (spec §3 "site and navigation", "block") read defensively: content is JSON the
 * back-office wrote, so every field is checked and anything unexpected is left out rather than
 * crashing the page. Pure.
 */

export type ContentImage = { id: string; version: number; extension: string; width?: number; alt?: string }
export type ContentFile = { id: string; version: number; extension: string; publicHash: string }

export type ColumnItem =
  | { type: 'text'; html: string }
  | { type: 'image'; image: ContentImage }
  | { type: 'internal_teaser'; title: string; image: ContentImage | null; siteId: string | null }
  | { type: 'external_teaser'; title: string; image: ContentImage | null; link: string | null }

export type Section =
  | { type: 'text_section'; html: string }
  | {
      type: 'columns_section'
      columns: 1 | 2 | 3 | 4
      direction: 'horizontal' | 'vertical'
      items: ColumnItem[]
    }
  | { type: 'gallery_section'; columns: 1 | 2 | 3 | 4; images: ContentImage[] }

/** A default site's body: a simple page (formatted text) or a standard page (sections). */
export type PageBody = { kind: 'simple'; html: string } | { kind: 'standard'; sections: Section[] }

/** Site types this storefront renders; any other type is the 500 page (spec §2). */
export const KNOWN_SITE_TYPES = ['default'] as const

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string => (typeof v === 'string' ? v : '')

export function parseImage(v: unknown): ContentImage | null {
  if (!isObject(v)) return null
  const { id, version, extension, width, alt } = v
  if (typeof id !== 'string' || typeof extension !== 'string' || !/^[a-z0-9]{1,8}$/i.test(extension)) {
    return null
  }
  return {
    id,
    version: typeof version === 'number' ? version : 1,
    extension,
    ...(typeof width === 'number' ? { width } : {}),
    ...(typeof alt === 'string' ? { alt } : {}),
  }
}

export function parseFile(v: unknown): ContentFile | null {
  if (!isObject(v)) return null
  const { id, version, extension, publicHash } = v
  if (typeof id !== 'string' || typeof publicHash !== 'string' || typeof extension !== 'string') return null
  return { id, version: typeof version === 'number' ? version : 1, extension, publicHash }
}

/** The download address of an uploaded file (docs/api.md: GET /upload/{publicHash}/{id}-{version}.{ext}). */
export function fileUrl(file: ContentFile): string {
  return paths.upload(file)
}

function images(v: unknown): ContentImage[] {
  return Array.isArray(v) ? v.flatMap((i) => parseImage(i) ?? []) : []
}

/** Appearance select 1 to 4 columns, default 2 (spec §3). */
export function columnCount(v: unknown): 1 | 2 | 3 | 4 {
  const n = Number(v)
  return n === 1 || n === 2 || n === 3 || n === 4 ? n : 2
}

function parseColumnItem(v: unknown): ColumnItem | null {
  if (!isObject(v)) return null
  switch (v.type) {
    case 'text':
    case 'wysiwyg':
      return { type: 'text', html: str(v.text ?? v.body) }
    case 'image': {
      const image = parseImage(v.image)
      return image ? { type: 'image', image } : null
    }
    case 'internal_teaser': {
      const ref = v.reference
      const siteId =
        isObject(ref) && (ref.type ?? 'site') === 'site' && typeof ref.id === 'string' ? ref.id : null
      return { type: 'internal_teaser', title: str(v.title), image: parseImage(v.image), siteId }
    }
    case 'external_teaser':
      return {
        type: 'external_teaser',
        title: str(v.title),
        image: parseImage(v.image),
        link: typeof v.link === 'string' && v.link.trim() ? v.link.trim() : null,
      }
    default:
      return null
  }
}

function parseSection(v: unknown): Section | null {
  if (!isObject(v)) return null
  switch (v.type) {
    case 'text_section':
      return { type: 'text_section', html: str(v.text ?? v.body) }
    case 'columns_section':
      return {
        type: 'columns_section',
        columns: columnCount(v.appearance),
        direction: v.direction === 'vertical' ? 'vertical' : 'horizontal',
        items: Array.isArray(v.content) ? v.content.flatMap((i) => parseColumnItem(i) ?? []) : [],
      }
    case 'gallery_section':
      return { type: 'gallery_section', columns: columnCount(v.appearance), images: images(v.images) }
    default:
      return null
  }
}

/**
 * A default site's content: `{ sections: [...] }` is a standard page, `{ body: '<p>…' }` (or a
 * bare string) a simple page; nothing is an empty simple page.
 */
export function parsePageBody(content: unknown): PageBody {
  if (typeof content === 'string') return { kind: 'simple', html: content }
  if (isObject(content)) {
    if (Array.isArray(content.sections)) {
      return { kind: 'standard', sections: content.sections.flatMap((s) => parseSection(s) ?? []) }
    }
    return { kind: 'simple', html: str(content.body ?? content.text) }
  }
  return { kind: 'simple', html: '' }
}

export type LegacyItem =
  | { type: 'text'; text: string }
  | { type: 'textarea'; text: string }
  | { type: 'markdown'; paragraphs: string[] }
  | { type: 'image'; image: ContentImage }
  | { type: 'gallery'; label: string; images: ContentImage[] }
  | { type: 'files'; files: { file: ContentFile; label: string }[] }

export type BlockBody =
  | { kind: 'default'; html: string }
  | { kind: 'legacy'; items: LegacyItem[] }
  | { kind: 'unknown' }

function fileEntry(v: unknown, fallbackLabel: string): { file: ContentFile; label: string } | null {
  const file = parseFile(isObject(v) && isObject(v.file) ? v.file : v)
  if (!file) return null
  const label =
    isObject(v) && (typeof v.label === 'string' || typeof v.name === 'string')
      ? str(v.label) || str(v.name)
      : fallbackLabel
  return { file, label: label || `${file.id}.${file.extension}` }
}

function parseLegacyItem(v: unknown): LegacyItem | null {
  if (!isObject(v)) return null
  const value = v.value ?? v.text ?? v.content
  switch (v.type) {
    case 'text':
      return { type: 'text', text: str(value) }
    case 'textarea':
      return { type: 'textarea', text: str(value) }
    case 'markdown':
      return { type: 'markdown', paragraphs: textParagraphs(str(value)).map((p) => p.join('\n')) }
    case 'image': {
      const image = parseImage(v.image ?? v.value)
      return image ? { type: 'image', image } : null
    }
    case 'gallery':
      return { type: 'gallery', label: str(v.label), images: images(v.images ?? v.value) }
    case 'file': {
      const entry = fileEntry(v.file ?? v.value, str(v.label))
      return entry ? { type: 'files', files: [entry] } : null
    }
    case 'files': {
      const list = v.files ?? v.value
      const files = Array.isArray(list) ? list.flatMap((f) => fileEntry(f, '') ?? []) : []
      return { type: 'files', files }
    }
    default:
      return null
  }
}

/** A block translation's content by block type (spec §3 "block"). */
export function parseBlockBody(type: string, content: unknown): BlockBody {
  if (type === 'default') {
    if (typeof content === 'string') return { kind: 'default', html: content }
    return { kind: 'default', html: isObject(content) ? str(content.body ?? content.text) : '' }
  }
  if (type === 'legacy') {
    const data = Array.isArray(content) ? content : isObject(content) ? content.data : undefined
    const items = Array.isArray(data) ? data.flatMap((i) => parseLegacyItem(i) ?? []) : []
    return { kind: 'legacy', items }
  }
  return { kind: 'unknown' }
}

/** Plain text to paragraphs (blank lines) of lines. */
export function textParagraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((chunk) =>
      chunk
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
}

export type LegalPart = { kind: 'heading'; text: string } | { kind: 'paragraph'; lines: string[] }

/**
 * A configured legal text (terms, privacy, imprint, allergens: plain text) as a title and parts.
 * The text usually starts with its own title on a line of its own; a paragraph whose short
 * first line is followed by running text starts with that line as a sub-heading.
 */
export function legalText(text: string): { title: string | null; parts: LegalPart[] } {
  const paragraphs = textParagraphs(text)
  const [first] = paragraphs
  const titleLike = (line: string) => line.length <= 80 && !/[.:;,!?]$/.test(line)
  let title: string | null = null
  if (first && first.length === 1 && first[0] && titleLike(first[0]) && paragraphs.length > 1) {
    title = first[0]
    paragraphs.shift()
  }
  const parts: LegalPart[] = []
  for (const lines of paragraphs) {
    const [head, next] = lines
    if (head && next && titleLike(head) && head.length < 60 && next.length > 60) {
      parts.push({ kind: 'heading', text: head }, { kind: 'paragraph', lines: lines.slice(1) })
    } else {
      parts.push({ kind: 'paragraph', lines })
    }
  }
  return { title, parts }
}
