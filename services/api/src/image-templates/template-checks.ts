import { type Database, type Db, HttpError, msg } from '@shop/kit'
import type { Transaction } from 'kysely'
import { findFamily } from '../fonts/font-catalog.ts'

// What an image template's layers refer to: images of the media library and branches (a
// logo), which must exist when it is written (400 at the layer's field otherwise), and font
// families of GET /api/fonts for its texts.

/** As resource-registry.ts names a reference (kept apart: the registry imports this file). */
type Reference = { field: string; type: string; id: string }

type LayerLike = { type?: unknown; image?: { id?: unknown } | null; branch?: { id?: unknown } | null }
const layersOf = (value: unknown): LayerLike[] => (Array.isArray(value) ? (value as LayerLike[]) : [])

export function templateReferences(data: Record<string, unknown>): Reference[] {
  return layersOf(data.layers).flatMap((layer, i): Reference[] => {
    if (layer.type === 'image' && typeof layer.image?.id === 'string') {
      return [{ field: `layers.${i}.image.id`, type: 'image', id: layer.image.id }]
    }
    if (layer.type === 'logo' && typeof layer.branch?.id === 'string') {
      return [{ field: `layers.${i}.branch.id`, type: 'branch', id: layer.branch.id }]
    }
    return []
  })
}

/** 400 with every text layer whose family is not one of the shop's fonts. */
export async function refuseUnknownFonts(db: Db | Transaction<Database>, layers: unknown): Promise<void> {
  const errors: { field: string; message: ReturnType<typeof msg> }[] = []
  for (const [i, layer] of layersOf(layers).entries()) {
    const font = (layer as { font?: unknown }).font
    if (layer.type !== 'text' || typeof font !== 'string') continue
    if (!(await findFamily(db as Db, font)))
      errors.push({ field: `layers.${i}.font`, message: msg('fontUnknown') })
  }
  if (errors.length > 0) throw new HttpError(400, errors)
}
