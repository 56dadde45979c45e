import { type Db, HttpError, msg } from '@shop/kit'
import { findResource, listResources } from '@shop/read-models'
import type { ImageTemplateLayer, TextLayer } from '@shop/shared/contracts'
import sharp, { type OverlayOptions } from 'sharp'
import type { FileBytes } from '../files/file-bytes.ts'
import { findFile } from '../files/file-store.ts'
import { clipToCanvas, type Size, textBox } from './layout.ts'
import { renderFontOf } from './render-fonts.ts'

// An image template drawn with sharp: a transparent canvas of the template's size, each layer
// composited on it in order (the first at the bottom). A JPEG is flattened on white.

export type RenderDeps = { db: Db; files: FileBytes }
export type TemplateToRender = { width: number; height: number; layers: readonly ImageTemplateLayer[] }

const PANGO_WEIGHTS: Record<number, string> = {
  100: 'Thin',
  200: 'Ultra-Light',
  300: 'Light',
  400: '',
  500: 'Medium',
  600: 'Semi-Bold',
  700: 'Bold',
  800: 'Ultra-Bold',
  900: 'Heavy',
}

const escapeMarkup = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  )

function rgba(hex: string, alpha = 1) {
  const n = Number.parseInt(hex.slice(1), 16)
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, alpha }
}

/** The layer's pixels (PNG) and where its top-left corner goes; undefined when it draws nothing. */
type Drawn = { input: Buffer; x: number; y: number; width: number; height: number } | undefined

async function picture(
  deps: RenderDeps,
  fileId: string,
  size: Size,
  fit: 'cover' | 'contain',
  field: string,
) {
  const row = await findFile(deps.db, fileId)
  if (row?.kind !== 'image') throw new HttpError(400, msg('referenceMissing'), field)
  return sharp(await deps.files.read(row))
    .resize({ ...size, fit, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .ensureAlpha()
    .png()
    .toBuffer()
}

/** The logo of the branch named, or of the first branch (by name) that has one. */
async function logoOf(db: Db, branchId: string | undefined): Promise<string | undefined> {
  type Branch = { name?: string; logo?: { id?: string } | null }
  if (branchId) return (await findResource<Branch>(db, 'branch', branchId))?.data.logo?.id ?? undefined
  const branches = await listResources<Branch>(db, 'branch')
  return branches
    .filter((b) => b.data.logo?.id)
    .sort((a, b) => String(a.data.name ?? '').localeCompare(String(b.data.name ?? '')))[0]?.data.logo?.id
}

async function text(deps: RenderDeps, layer: TextLayer): Promise<Drawn> {
  const [weight, italic] = [Number(layer.variant.slice(0, 3)) || 400, layer.variant.endsWith('italic')]
  const font = await renderFontOf(deps.db, deps.files, layer.font, layer.variant)
  const description = [
    font?.family ?? 'sans-serif',
    italic ? 'Italic' : '',
    PANGO_WEIGHTS[weight] ?? '',
    layer.size,
  ]
    .filter((part) => part !== '')
    .join(' ')
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${layer.color}">${escapeMarkup(layer.text)}</span>`,
      font: description,
      ...(font ? { fontfile: font.file } : {}),
      // 72 dpi: a size in points is the same in pixels.
      dpi: 72,
      width: layer.maxWidth,
      wrap: 'word',
      align: layer.align === 'center' ? 'centre' : layer.align,
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true })
  const box = textBox(layer, { width: info.width, height: info.height })
  return { input: data, ...box }
}

async function draw(deps: RenderDeps, layer: ImageTemplateLayer, index: number): Promise<Drawn> {
  switch (layer.type) {
    case 'rectangle': {
      const input = await sharp({
        create: {
          width: layer.width,
          height: layer.height,
          channels: 4,
          background: rgba(layer.color, layer.opacity),
        },
      })
        .png()
        .toBuffer()
      return { input, x: layer.x, y: layer.y, width: layer.width, height: layer.height }
    }
    case 'image': {
      const input = await picture(deps, layer.image.id, layer, layer.fit, `layers.${index}.image.id`)
      return { input, x: layer.x, y: layer.y, width: layer.width, height: layer.height }
    }
    case 'logo': {
      const id = await logoOf(deps.db, layer.branch?.id)
      // No logo anywhere: the layer draws nothing (a preview still shows the rest).
      if (!id) return undefined
      const input = await picture(deps, id, layer, layer.fit, `layers.${index}.branch`)
      return { input, x: layer.x, y: layer.y, width: layer.width, height: layer.height }
    }
    case 'text':
      return text(deps, layer)
  }
}

export async function renderTemplate(
  deps: RenderDeps,
  template: TemplateToRender,
  format: 'png' | 'jpeg',
): Promise<Buffer> {
  const canvas = { width: template.width, height: template.height }
  const overlays: OverlayOptions[] = []
  for (const [index, layer] of template.layers.entries()) {
    const drawn = await draw(deps, layer, index)
    if (!drawn) continue
    const place = clipToCanvas(drawn, canvas)
    if (!place) continue
    const input = place.whole ? drawn.input : await sharp(drawn.input).extract(place.extract).png().toBuffer()
    overlays.push({ input, left: place.left, top: place.top })
  }
  const image = sharp({
    create: {
      ...canvas,
      channels: 4,
      background: { r: 255, g: 255, b: 255, alpha: format === 'jpeg' ? 1 : 0 },
    },
  }).composite(overlays)
  return format === 'jpeg'
    ? image.flatten({ background: '#ffffff' }).jpeg({ quality: 88, mozjpeg: true }).toBuffer()
    : image.png().toBuffer()
}
