/**
 * The item overlay is its own chunk (the menu page's JavaScript budget, docs/benchmarks.md):
 * fetched when a product is hovered or focused on the menu, shown on a click, there and in the
 * checkout's cart (a configured line opened again, issue 18).
 */
export const loadOverlay = () => import('./item-overlay.tsx')
