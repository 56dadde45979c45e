import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type Db, HttpError, msg } from '@shop/kit'
import { listResources } from '@shop/read-models'
import { type FontListItem, fontFamilyKey, fontVariantOf, parseFontVariant } from '@shop/shared/contracts'
import type { FontFace } from './font-css.ts'
import { CSS_FORMAT, type FontFormat } from './font-formats.ts'

// The families a shop can use (issue 19, part 7): a curated set shipped with the shop as
// Fontsource packages (woff2 and woff per subset, weight and style, self-hosted: no request
// leaves the shop), and the font files staff upload (font resources with their files). Both
// answer GET /api/fonts and the embed.css of spec §7.

/** The bundled families: readable at small and large sizes, for menus, headings and labels. */
export const BUNDLED_PACKAGES = [
  'inter',
  'roboto',
  'open-sans',
  'lato',
  'montserrat',
  'nunito',
  'oswald',
  'merriweather',
  'lora',
  'playfair-display',
] as const

type Metadata = {
  id: string
  family: string
  subsets: string[]
  weights: number[]
  styles: string[]
  category?: string
}

export type BundledFace = {
  subset: string
  weight: number
  style: 'normal' | 'italic'
  /** The file name without its extension (`inter-latin-700-italic`). */
  name: string
  unicodeRange: string | undefined
}

export type BundledFamily = {
  id: string
  /** The package's version: part of every file URL, so a file's URL never changes its bytes. */
  version: string
  family: string
  category: string | undefined
  dir: string
  variants: string[]
  faces: BundledFace[]
}

const require = createRequire(import.meta.url)
let bundled: BundledFamily[] | undefined

function loadPackage(id: string): BundledFamily | undefined {
  let dir: string
  try {
    dir = dirname(require.resolve(`@fontsource/${id}/package.json`))
  } catch {
    return undefined
  }
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }
  const meta = JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8')) as Metadata
  let ranges: Record<string, string> = {}
  try {
    ranges = JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')) as Record<string, string>
  } catch {}
  const files = new Set(readdirSync(join(dir, 'files')))
  const faces: BundledFace[] = []
  for (const subset of meta.subsets) {
    for (const weight of meta.weights) {
      for (const style of meta.styles) {
        if (style !== 'normal' && style !== 'italic') continue
        const name = `${meta.id}-${subset}-${weight}-${style}`
        if (!files.has(`${name}.woff2`)) continue
        faces.push({ subset, weight, style, name, unicodeRange: ranges[subset] })
      }
    }
  }
  const variants = [...new Set(faces.map((f) => fontVariantOf(f.weight, f.style)))].sort(compareVariants)
  return {
    id: meta.id,
    version: pkg.version,
    family: meta.family,
    category: meta.category,
    dir: join(dir, 'files'),
    variants,
    faces,
  }
}

/** Weight first, upright before italic: 'regular', 'italic', '700', '700italic'. */
export function compareVariants(a: string, b: string): number {
  const pa = parseFontVariant(a)
  const pb = parseFontVariant(b)
  if (!pa || !pb) return a.localeCompare(b)
  return pa.weight - pb.weight || (pa.style === pb.style ? 0 : pa.style === 'normal' ? -1 : 1)
}

/** The bundled families whose package is installed (read once). */
export function bundledFamilies(): BundledFamily[] {
  bundled ??= BUNDLED_PACKAGES.flatMap((id) => loadPackage(id) ?? [])
  return bundled
}

export const bundledFileUrl = (family: BundledFamily, name: string, format: 'woff2' | 'woff') =>
  `/api/fonts/files/bundled/${family.id}/${family.version}/${name}.${format}`

/** The path of a bundled file named by a URL, undefined for anything not in the packages. */
export function bundledFilePath(id: string, version: string, file: string): string | undefined {
  const m = /^([a-z0-9-]+)\.(woff2|woff)$/.exec(file)
  if (!m) return undefined
  const family = bundledFamilies().find((f) => f.id === id && f.version === version)
  if (!family?.faces.some((face) => face.name === m[1])) return undefined
  return join(family.dir, file)
}

// ---------------------------------------------------------------------------------------------
// uploaded fonts

export type FontFileRef = { id: string; format: FontFormat; size: number }

export type UploadedFont = {
  id: string
  version: number
  family: string
  variants: string[]
  files: Record<string, FontFileRef>
}

export const uploadedFileUrl = (file: FontFileRef) => `/api/fonts/files/upload/${file.id}.${file.format}`

export async function uploadedFonts(db: Db): Promise<UploadedFont[]> {
  const rows = await listResources<{
    family: string
    variants: string[]
    files?: Record<string, FontFileRef>
  }>(db, 'font')
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    family: r.data.family,
    variants: r.data.variants,
    files: r.data.files ?? {},
  }))
}

// ---------------------------------------------------------------------------------------------
// both

/** A family of either kind, as the embed.css and the image templates use it. */
export type FontFamilyEntry =
  | { source: 'bundled'; family: string; bundled: BundledFamily }
  | { source: 'upload'; family: string; uploaded: UploadedFont }

/** Every family: bundled first, then uploaded ones (an upload never shadows a bundled name). */
export async function fontFamilies(db: Db): Promise<FontFamilyEntry[]> {
  const own: FontFamilyEntry[] = bundledFamilies().map((b) => ({
    source: 'bundled',
    family: b.family,
    bundled: b,
  }))
  const taken = new Set(own.map((f) => fontFamilyKey(f.family)))
  for (const uploaded of await uploadedFonts(db)) {
    if (taken.has(fontFamilyKey(uploaded.family))) continue
    own.push({ source: 'upload', family: uploaded.family, uploaded })
  }
  return own
}

/** The family a URL or a config field names ('Open Sans', 'Open+Sans', 'open-sans'). */
export async function findFamily(db: Db, name: string): Promise<FontFamilyEntry | undefined> {
  const key = fontFamilyKey(name)
  if (key === '' || key.length > 255) return undefined
  const bundledHit = bundledFamilies().find((b) => fontFamilyKey(b.family) === key || b.id === key)
  if (bundledHit) return { source: 'bundled', family: bundledHit.family, bundled: bundledHit }
  return (await fontFamilies(db)).find((f) => fontFamilyKey(f.family) === key)
}

/** The variants that have files, in order. */
export function variantsOf(entry: FontFamilyEntry): string[] {
  if (entry.source === 'bundled') return entry.bundled.variants
  return entry.uploaded.variants.filter((v) => entry.uploaded.files[v]).sort(compareVariants)
}

/** The @font-face faces of one variant (none when the family does not have it). */
export function facesOf(entry: FontFamilyEntry, variant: string): FontFace[] {
  const parsed = parseFontVariant(variant)
  if (!parsed) return []
  if (entry.source === 'bundled') {
    return entry.bundled.faces
      .filter((f) => f.weight === parsed.weight && f.style === parsed.style)
      .map((f) => ({
        weight: f.weight,
        style: f.style,
        url: bundledFileUrl(entry.bundled, f.name, 'woff2'),
        format: 'woff2',
        unicodeRange: f.unicodeRange,
        subset: f.subset,
      }))
  }
  const file = entry.uploaded.files[variant]
  if (!file || !entry.uploaded.variants.includes(variant)) return []
  return [
    {
      weight: parsed.weight,
      style: parsed.style,
      url: uploadedFileUrl(file),
      format: CSS_FORMAT[file.format],
    },
  ]
}

/** GET /api/fonts: the bundled families (not resources: no version of their own) as list items. */
export function bundledListItems(): FontListItem[] {
  return bundledFamilies().map((b) => ({
    id: `fontsource-${b.id}`,
    version: 1,
    family: b.family,
    variants: b.variants,
    source: 'bundled',
    ...(b.category ? { category: b.category } : {}),
  }))
}

/** POST /api/config: the heading and body fonts must be families of GET /api/fonts (400 at the field). */
export async function checkConfigFonts(db: Db, data: Record<string, unknown>): Promise<void> {
  const errors: { field: string; message: ReturnType<typeof msg> }[] = []
  for (const field of ['headingFont', 'bodyFont']) {
    const family = data[field]
    if (typeof family === 'string' && !(await findFamily(db, family))) {
      errors.push({ field, message: msg('fontUnknown') })
    }
  }
  if (errors.length > 0) throw new HttpError(400, errors)
}
