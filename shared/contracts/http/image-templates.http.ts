import { z } from 'zod'

/*
 * Fonts and image templates (issue 19, part 7). A font variant is named as Google Fonts names
 * it (spec §7 `/fonts/google/{family}/style-{variant}.embed.css`): 'regular', 'italic', '700',
 * '700italic'. An image template is a size and its layers, the first drawn at the bottom.
 */

export const FONT_VARIANT_PATTERN = /^(?:regular|italic|[1-9]00(?:italic)?)$/

export const fontVariantSchema = z.string().trim().regex(FONT_VARIANT_PATTERN, 'validation.invalid')

export const FONT_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const
export type FontWeight = (typeof FONT_WEIGHTS)[number]
export type FontStyle = 'normal' | 'italic'

/** 'regular' → 400 normal, '700italic' → 700 italic; undefined when it is no variant name. */
export function parseFontVariant(variant: string): { weight: FontWeight; style: FontStyle } | undefined {
  if (!FONT_VARIANT_PATTERN.test(variant)) return undefined
  if (variant === 'regular') return { weight: 400, style: 'normal' }
  if (variant === 'italic') return { weight: 400, style: 'italic' }
  const weight = Number(variant.slice(0, 3)) as FontWeight
  return { weight, style: variant.endsWith('italic') ? 'italic' : 'normal' }
}

/** The variant name of a weight and style (400 normal → 'regular', 400 italic → 'italic'). */
export function fontVariantOf(weight: number, style: FontStyle): string {
  if (weight === 400) return style === 'italic' ? 'italic' : 'regular'
  return style === 'italic' ? `${weight}italic` : String(weight)
}

/** Families compare by name, case and spaces aside; a URL may write 'Open+Sans' or 'open-sans'. */
export const fontFamilyKey = (family: string) =>
  family
    .trim()
    .toLowerCase()
    .replace(/[\s+_-]+/g, '-')

/** GET /api/fonts: each family the shop can use, from the bundled set or uploaded by staff. */
export const fontListItemSchema = z
  .object({
    id: z.string(),
    version: z.int().min(1),
    family: z.string(),
    variants: z.array(z.string()),
    /** 'bundled': shipped with the shop (Fontsource, self-hosted); none: uploaded by staff. */
    source: z.literal('bundled').optional(),
    /** serif, sans-serif, display, handwriting or monospace (bundled families). */
    category: z.string().optional(),
  })
  .meta({ id: 'FontListItem' })
export type FontListItem = z.infer<typeof fontListItemSchema>

// ---------------------------------------------------------------------------------------------
// image templates

export const IMAGE_TEMPLATE_LAYER_TYPES = ['rectangle', 'image', 'text', 'logo'] as const
export const IMAGE_FITS = ['cover', 'contain'] as const
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const
export const MAX_TEMPLATE_SIZE = 4000

/** Sizes offered when a template is made (width × height). */
export const IMAGE_TEMPLATE_PRESETS = {
  social: { width: 1200, height: 630 },
  square: { width: 1080, height: 1080 },
  product: { width: 1280, height: 960 },
  banner: { width: 1920, height: 640 },
} as const

const colorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'validation.invalid')
const coordinate = z.int().min(-MAX_TEMPLATE_SIZE).max(MAX_TEMPLATE_SIZE)
const extent = z.int().min(1).max(MAX_TEMPLATE_SIZE)
const box = { x: coordinate, y: coordinate, width: extent, height: extent }
const layerId = z.string().trim().min(1).max(64)

export const rectangleLayerSchema = z.strictObject({
  id: layerId,
  type: z.literal('rectangle'),
  ...box,
  color: colorSchema,
  opacity: z.number().min(0).max(1).default(1),
})

export const imageLayerSchema = z.strictObject({
  id: layerId,
  type: z.literal('image'),
  ...box,
  /** An image of the media library (version and extension as the picker keeps them; the id decides). */
  image: z.strictObject({
    id: z.string().trim().min(1).max(64),
    version: z.int().min(1).optional(),
    extension: z.string().trim().max(8).optional(),
  }),
  fit: z.enum(IMAGE_FITS).default('cover'),
})

export const textLayerSchema = z.strictObject({
  id: layerId,
  type: z.literal('text'),
  text: z.string().trim().min(1).max(2000),
  /** A family of GET /api/fonts. */
  font: z.string().trim().min(1).max(255),
  variant: fontVariantSchema.default('regular'),
  /** Pixels. */
  size: z.int().min(6).max(1000),
  color: colorSchema,
  /** The anchor: left edge, centre or right edge of the text box by `align`; top of the first line. */
  x: coordinate,
  y: coordinate,
  align: z.enum(TEXT_ALIGNS).default('left'),
  /** Lines wrap at this width (pixels). */
  maxWidth: extent,
})

export const logoLayerSchema = z.strictObject({
  id: layerId,
  type: z.literal('logo'),
  ...box,
  /** Whose logo: this branch's, or (null) the first branch with one. */
  branch: z
    .strictObject({ id: z.string().trim().min(1).max(64) })
    .nullable()
    .default(null),
  fit: z.enum(IMAGE_FITS).default('contain'),
})

export const imageTemplateLayerSchema = z.discriminatedUnion('type', [
  rectangleLayerSchema,
  imageLayerSchema,
  textLayerSchema,
  logoLayerSchema,
])
export type ImageTemplateLayer = z.output<typeof imageTemplateLayerSchema>
export type TextLayer = z.output<typeof textLayerSchema>

/** POST /api/image-templates/preview: a template as the editor holds it, not yet saved. */
export const imageTemplateDraftSchema = z.strictObject({
  width: z.int().min(1).max(MAX_TEMPLATE_SIZE),
  height: z.int().min(1).max(MAX_TEMPLATE_SIZE),
  layers: z.array(imageTemplateLayerSchema).max(50).default([]),
  format: z.enum(['png', 'jpeg']).default('png'),
})
export type ImageTemplateDraft = z.output<typeof imageTemplateDraftSchema>

/** POST /api/image-templates/{id}/images: the stored template as a new image of the library. */
export const renderTemplateBodySchema = z.strictObject({
  format: z.enum(['png', 'jpeg']).default('png'),
  alt: z.string().trim().max(255).nullable().default(null),
})
