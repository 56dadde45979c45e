/** The item overlay is its own chunk: fetched when a product is hovered or focused, shown on a click. */
export const loadOverlay = () => import('./item-overlay.tsx')
