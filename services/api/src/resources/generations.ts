// What a resource write moves besides the resource itself (see es_generations in the kit).

/**
 * The resources the checkout prices and checks an order with. A write to one of them moves the
 * 'catalogue' generation in its transaction, so an order priced from an older copy of them is
 * not stored (services/api/src/checkout/catalogue-cache.ts).
 */
export const CATALOGUE_GENERATION = 'catalogue'
export const CATALOGUE_TYPES: ReadonlySet<string> = new Set([
  'config',
  'branch',
  'menu',
  'product',
  'category',
  'table',
  'donatee',
])

/** The parts of GET /api/init (spec §4), in its order: a write to one moves the 'init' generation, its ETag. */
export const INIT_GENERATION = 'init'
export const INIT_PARTS = [
  ['config', '/api/config'],
  ['division', '/api/divisions'],
  ['branch', '/api/branches'],
  ['menu', '/api/menus'],
  ['category', '/api/categories'],
  ['product', '/api/products'],
  ['tag', '/api/tags'],
  ['table', '/api/tables'],
  ['site', '/api/sites'],
  ['navigation', '/api/navigations'],
  ['block', '/api/blocks'],
  ['donatee', '/api/donatees'],
] as const
export const INIT_TYPES: ReadonlySet<string> = new Set(INIT_PARTS.map(([type]) => type))

/** The generations a write of `type` moves. */
export function generationsOf(type: string): string[] {
  return [
    ...(CATALOGUE_TYPES.has(type) ? [CATALOGUE_GENERATION] : []),
    ...(INIT_TYPES.has(type) ? [INIT_GENERATION] : []),
  ]
}
