import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Db } from '@shop/kit'
import { parseFontVariant } from '@shop/shared/contracts'
import type { FileBytes } from '../files/file-bytes.ts'
import { findFamily } from '../fonts/font-catalog.ts'
import { sfntFamilyName, woffToSfnt } from '../fonts/font-formats.ts'
import { findFontFile } from '../fonts/font-store.ts'

// The font file a text layer is drawn with. sharp's text (Pango and fontconfig in libvips)
// loads TrueType and OpenType files, not WOFF or WOFF2 (checked: it falls back to DejaVu
// silently), so the bundled families' WOFF files (latin subset: German, French, English) and
// uploaded WOFF files are unpacked to TrueType once into a folder of the process; uploaded TTF
// and OTF are used as they are. An uploaded WOFF2 has no such way: its text takes the fallback.

export type RenderFont = { file: string; family: string } | undefined

const dir = join(tmpdir(), `shop-render-fonts-${process.pid}`)
const cache = new Map<string, Promise<RenderFont>>()

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}

async function writeOnce(name: string, make: () => Promise<Buffer>): Promise<string> {
  const path = join(dir, name)
  if (await exists(path)) return path
  await mkdir(dir, { recursive: true })
  const tmp = `${path}.${process.hrtime.bigint()}.tmp`
  await writeFile(tmp, await make())
  await rename(tmp, path)
  return path
}

/** The TrueType/OpenType file and the family name Pango knows it by, or undefined (fallback). */
export function renderFontOf(db: Db, files: FileBytes, family: string, variant: string): Promise<RenderFont> {
  const key = `${family}\u0000${variant}`
  let hit = cache.get(key)
  if (!hit) {
    hit = resolve(db, files, family, variant).catch(() => undefined)
    // An uploaded font can change: only the bundled ones stay cached for good.
    cache.set(key, hit)
    void hit.then((font) => {
      if (!font?.file.includes('bundled-')) cache.delete(key)
    })
  }
  return hit
}

async function resolve(db: Db, files: FileBytes, family: string, variant: string): Promise<RenderFont> {
  const entry = await findFamily(db, family)
  const parsed = parseFontVariant(variant)
  if (!entry || !parsed) return undefined
  if (entry.source === 'bundled') {
    const b = entry.bundled
    // The variant asked for, else the nearest weight of the same style, else any.
    const candidates = b.faces.filter((f) => f.subset === 'latin')
    const face =
      candidates.find((f) => f.weight === parsed.weight && f.style === parsed.style) ??
      [...candidates].sort(
        (x, y) =>
          Number(x.style !== parsed.style) - Number(y.style !== parsed.style) ||
          Math.abs(x.weight - parsed.weight) - Math.abs(y.weight - parsed.weight),
      )[0]
    if (!face) return undefined
    const file = await writeOnce(`bundled-${b.id}-${b.version}-${face.weight}-${face.style}.ttf`, async () =>
      woffToSfnt(await readFile(join(b.dir, `${face.name}.woff`))),
    )
    return { file, family: b.family }
  }
  const ref = entry.uploaded.files[variant] ?? Object.values(entry.uploaded.files)[0]
  if (!ref || ref.format === 'woff2') return undefined
  const row = await findFontFile(db, ref.id)
  if (!row) return undefined
  const sfnt = async () => {
    const bytes = await files.read(row)
    return ref.format === 'woff' ? woffToSfnt(bytes) : bytes
  }
  const file = await writeOnce(`upload-${ref.id}.${ref.format === 'otf' ? 'otf' : 'ttf'}`, sfnt)
  return { file, family: sfntFamilyName(await readFile(file)) ?? entry.family }
}
