/*
 * The shop's fonts applied (config headingFont, bodyFont; issue 19 part 7): a stylesheet link per
 * variant to the shop's own embed.css (spec §7, self-hosted files, no request to Google), and the
 * theme's font custom properties pointed at the family with the theme's stack as its fallback.
 * Loaded only by a shop that chose a font (lib/shop-fonts.ts), after the first render: it never
 * blocks the first paint (and `font-display: swap` shows the text at once in the theme's font).
 */

const HEADING_VARIANTS = ['regular', '700'] as const
const BODY_VARIANTS = ['regular', 'italic', '700'] as const

/** `/api/fonts/google/Open%20Sans/style-700.embed.css` */
export const embedCssUrl = (family: string, variant: string) =>
  `/api/fonts/google/${encodeURIComponent(family.trim())}/style-${variant}.embed.css`

/** `"Open Sans", <the theme's stack>`: quotes in a name escaped. */
export const fontStack = (family: string, fallback: string) =>
  `"${family.trim().replace(/["\\]/g, (c) => `\\${c}`)}", ${fallback}`

function addStylesheet(href: string) {
  if (document.head.querySelector(`link[data-shop-font][href="${CSS.escape(href)}"]`)) return
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = href
  link.dataset.shopFont = ''
  document.head.append(link)
}

function applyFont(property: '--font-display' | '--font-sans', family: string, variants: readonly string[]) {
  const root = document.documentElement
  const fallback = getComputedStyle(root).getPropertyValue(property).trim() || 'sans-serif'
  for (const variant of variants) addStylesheet(embedCssUrl(family, variant))
  root.style.setProperty(property, fontStack(family, fallback))
}

/** Applies the fonts chosen; returns what takes them back (the theme's fonts again). */
export function applyShopFonts(heading: string | undefined, body: string | undefined): () => void {
  if (heading) applyFont('--font-display', heading, HEADING_VARIANTS)
  if (body) applyFont('--font-sans', body, BODY_VARIANTS)
  return () => {
    const root = document.documentElement
    if (heading) root.style.removeProperty('--font-display')
    if (body) root.style.removeProperty('--font-sans')
  }
}
