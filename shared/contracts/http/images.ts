// No zod here: the storefront imports this file alone.

/** Spec §7: the sized image variants, by name, as widths in px (never enlarged). */
export const IMAGE_SIZES = {
  icon: 64,
  thumbnail: 128,
  tiny: 256,
  small: 640,
  medium: 1280,
  large: 1920,
} as const

export type ImageSize = keyof typeof IMAGE_SIZES

export function isImageSize(name: string): name is ImageSize {
  return Object.hasOwn(IMAGE_SIZES, name)
}
