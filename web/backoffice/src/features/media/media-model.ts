/**
 * The media library's words and addresses (docs/api.md "Files", docs/backoffice.md "Medien"):
 * the sized image URLs, an upload's file and preview, the search, what uses a file ("verwendet von
 * 3 Produkten und 1 Kategorie") and where each use is edited.
 */
import { resourcePathOf } from '@shop/shared/contracts/http/resource-paths.ts'
import { paths } from '@shop/ui/routes'

export const MEDIA_KINDS = ['images', 'uploads'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

export type ImageItem = {
  id: string
  version: number
  extension: string
  alt: string | null
  mimeType: string
  size: number
  width: number | null
  height: number | null
}

export type UploadItem = {
  id: string
  version: number
  extension: string
  name: string | null
  mimeType: string
  size: number
  width: number | null
  height: number | null
  publicHash: string
}

export type MediaItem = ImageItem | UploadItem

/** Something that refers to a file (GET /api/media/usage). */
export type MediaUse = { type: string; id: string; name: string }

/** The sizes of docs/api.md "Files" (width in px, never enlarged). */
export type ImageSize = 'icon' | 'thumbnail' | 'tiny' | 'small' | 'medium' | 'large'

export function imageUrl(image: Pick<ImageItem, 'id' | 'version' | 'extension'>, size?: ImageSize): string {
  const file = `${image.id}-${image.version}.${image.extension}`
  return size ? `/image/${size}/${file}` : `/image/${file}`
}

const isImageType = (mimeType: string) => /^image\/(jpeg|png|gif)$/.test(mimeType)

/** The upload's file (a download unless it is an image). */
export function uploadUrl(upload: Pick<UploadItem, 'id' | 'version' | 'extension' | 'publicHash'>): string {
  return paths.upload(upload)
}

/** A JPEG preview of an uploaded image (640 px), none for other files. */
export function uploadPreviewUrl(upload: UploadItem): string | undefined {
  return isImageType(upload.mimeType) ? paths.uploadPreview(upload) : undefined
}

export const isImage = (item: MediaItem): item is ImageItem => 'alt' in item

/** What the item is called: an image by its alt text, an upload by its file name. */
export function itemName(item: MediaItem): string | null {
  const name = isImage(item) ? item.alt : item.name
  return name && name.trim() !== '' ? name : null
}

/** Whether the item matches every word of the search (its name, id, type or extension). */
export function matchesSearch(item: MediaItem, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const text = [itemName(item) ?? '', item.id, item.extension, item.mimeType].join(' ').toLowerCase()
  return words.every((w) => text.includes(w))
}

/** The newest first (the API lists the oldest first). */
export function newestFirst<T>(items: readonly T[]): T[] {
  return [...items].reverse()
}

/** The kinds of use the summary names by count; anything else counts as "other". */
export const USAGE_TYPES = ['product', 'category', 'branch', 'tag', 'site', 'block', 'order'] as const
export type UsageType = (typeof USAGE_TYPES)[number] | 'other'

/** The uses counted by kind, in the summary's order (products first, then the rest). */
export function usageCounts(uses: readonly MediaUse[]): { type: UsageType; count: number }[] {
  const counts = new Map<UsageType, number>()
  for (const use of uses) {
    const type = (USAGE_TYPES as readonly string[]).includes(use.type) ? (use.type as UsageType) : 'other'
    counts.set(type, (counts.get(type) ?? 0) + 1)
  }
  return [...USAGE_TYPES, 'other' as const]
    .filter((type) => counts.has(type))
    .map((type) => ({ type, count: counts.get(type)! }))
}

/** Where a use is edited: an order's detail, a resource's editor; undefined without a screen. */
export function linkOfUse(use: MediaUse): string | undefined {
  if (use.type === 'order') return paths.backend.order(use.id)
  const path = resourcePathOf(use.type)
  return path ? paths.backend.editor(path, use.id) : undefined
}

/** A file size in words (KB and MB with one decimal). */
export function formatBytes(size: number, locale: string): string {
  const number = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n)
  if (size < 1024) return `${size} B`
  if (size < 1024 * 1024) return `${number(size / 1024)} KB`
  return `${number(size / (1024 * 1024))} MB`
}

/** The file types a picker offers: images for the library's images, anything the shop takes for uploads. */
export const ACCEPT: Record<MediaKind, string> = {
  images: 'image/jpeg,image/png,image/gif',
  uploads:
    'image/jpeg,image/png,image/gif,application/pdf,application/zip,text/plain,text/csv,video/mp4,video/webm,video/mpeg,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods',
}
