import { useEffect } from 'react'

/*
 * The shop's fonts (config headingFont, bodyFont; issue 19 part 7): a stylesheet link per
 * variant to the shop's own embed.css (spec §7, self-hosted files, no request to Google), added
 * after the first render so it never blocks the first paint (and `font-display: swap` shows the
 * text at once in the theme's font), and the theme's font custom properties pointed at the family
 * with the theme's stack as its fallback.
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

function useFont(property: '--font-display' | '--font-sans', family: unknown, variants: readonly string[]) {
  const name = typeof family === 'string' && family.trim() !== '' ? family.trim() : undefined
  useEffect(() => {
    if (!name) return
    const root = document.documentElement
    const fallback = getComputedStyle(root).getPropertyValue(property).trim() || 'sans-serif'
    for (const variant of variants) addStylesheet(embedCssUrl(name, variant))
    root.style.setProperty(property, fontStack(name, fallback))
    return () => {
      root.style.removeProperty(property)
    }
  }, [name, property, variants])
}

/** Applies the config's heading and body fonts to the page. */
export function useShopFonts(config: { headingFont?: unknown; bodyFont?: unknown } | undefined) {
  useFont('--font-display', config?.headingFont, HEADING_VARIANTS)
  useFont('--font-sans', config?.bodyFont, BODY_VARIANTS)
}
