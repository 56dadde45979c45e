/**
 * An image template in the editor's form and as the API takes it (issue 19, part 7): a size and
 * layers bottom first. New layers start where they show (a text centred, a picture covering the
 * canvas); the form keeps an image layer's picked image as the picker gives it.
 */
import { IMAGE_TEMPLATE_PRESETS, type ImageTemplateLayer } from '@shop/shared/contracts'
import type { StoredResource } from '../../lib/resources.ts'

export type LayerType = ImageTemplateLayer['type']
/** A layer in the form: an image layer's picture may still be missing (null). */
export type LayerForm = Record<string, unknown> & { id: string; type: LayerType }
export type TemplateForm = { name: string; width: number | null; height: number | null; layers: LayerForm[] }

export const PRESETS = IMAGE_TEMPLATE_PRESETS

export function templateToForm(item: StoredResource | null): TemplateForm {
  if (!item) return { name: '', width: PRESETS.social.width, height: PRESETS.social.height, layers: [] }
  return {
    name: String(item.name ?? ''),
    width: typeof item.width === 'number' ? item.width : null,
    height: typeof item.height === 'number' ? item.height : null,
    layers: Array.isArray(item.layers) ? (item.layers as LayerForm[]).map((l) => ({ ...l })) : [],
  }
}

export function templateToBody(values: TemplateForm): Record<string, unknown> {
  // A logo of "the first branch with one" is no branch (the select leaves `{ id: '' }` or null).
  const layers = values.layers.map((layer) => {
    if (layer.type !== 'logo') return layer
    const branch = layer.branch as { id?: unknown } | null | undefined
    return { ...layer, branch: typeof branch?.id === 'string' && branch.id !== '' ? { id: branch.id } : null }
  })
  return { name: values.name, width: values.width, height: values.height, layers }
}

let counter = 0
/** A new layer's id: unique within the template (the list's drag keys and the server's check). */
export function newLayerId(taken: readonly string[]): string {
  let id: string
  do {
    counter += 1
    id = `layer-${Date.now().toString(36)}-${counter}`
  } while (taken.includes(id))
  return id
}

/** A new layer of a type, fitted to the canvas; a text takes the first font of the list. */
export function newLayer(
  type: LayerType,
  canvas: { width: number; height: number },
  taken: readonly string[],
  font: string | undefined,
): LayerForm {
  const id = newLayerId(taken)
  const full = { x: 0, y: 0, width: canvas.width, height: canvas.height }
  switch (type) {
    case 'rectangle':
      return { id, type, ...full, color: '#8a4513', opacity: 1 }
    case 'image':
      return { id, type, ...full, image: null, fit: 'cover' }
    case 'logo': {
      const side = Math.max(1, Math.round(Math.min(canvas.width, canvas.height) / 4))
      return { id, type, x: 40, y: 40, width: side, height: side, branch: null, fit: 'contain' }
    }
    case 'text':
      return {
        id,
        type,
        text: 'Text',
        font: font ?? '',
        variant: 'regular',
        size: Math.max(12, Math.round(canvas.height / 10)),
        color: '#ffffff',
        x: Math.round(canvas.width / 2),
        y: Math.round(canvas.height / 3),
        align: 'center',
        maxWidth: Math.max(1, Math.round(canvas.width * 0.8)),
      }
  }
}

/** Moves an item of a list (a copy) from one place to another. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}
