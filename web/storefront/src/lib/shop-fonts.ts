import { useEffect } from 'react'

// The shop's fonts (config headingFont, bodyFont; issue 19 part 7), applied by
// lib/shop-fonts-apply.ts: loaded only when the shop chose a font, after the first render, so a
// shop on the theme's fonts loads none of it (the menu page's JavaScript budget).

const familyOf = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/** Applies the config's heading and body fonts to the page. */
export function useShopFonts(config: { headingFont?: unknown; bodyFont?: unknown } | undefined) {
  const heading = familyOf(config?.headingFont)
  const body = familyOf(config?.bodyFont)
  useEffect(() => {
    if (!heading && !body) return
    let stopped = false
    let undo: (() => void) | undefined
    void import('./shop-fonts-apply.ts')
      .then(({ applyShopFonts }) => {
        if (!stopped) undo = applyShopFonts(heading, body)
      })
      // Not loaded (offline): the theme's fonts stay.
      .catch(() => {})
    return () => {
      stopped = true
      undo?.()
    }
  }, [heading, body])
}
