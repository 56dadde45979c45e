/**
 * Import and export of the catalogue (issue 17): products, categories and menus as one JSON file
 * or as one CSV file per resource type (papaparse; nested fields as JSON text in their column);
 * a dry run that checks every row with the same zod contracts the server checks with
 * (`parseWithErrors`) and the references between them (a menu naming a category, product or
 * branch that neither exists nor comes with the import) before anything is written; then the
 * import itself, in dependency order (categories and products before menus), mapping the file's
 * ids to the new ones. Products are matched by `uid`, categories and menus by name: a match is
 * updated, anything else created. Pure: the page gives it the shop's data and the write calls.
 */
import {
  createCategoryBodySchema,
  createMenuBodySchema,
  createProductBodySchema,
  type ApiError as FieldError,
  parseWithErrors,
} from '@shop/shared/contracts'
import Papa from 'papaparse'
import type { z } from 'zod'

export const KINDS = ['categories', 'products', 'menus'] as const
export type Kind = (typeof KINDS)[number]

export type Item = Record<string, unknown> & { id: string }
export type BranchRef = { id: string; identifier?: string | null; name?: string | null }

export const BUNDLE_FORMAT = 'shop-catalogue'

/** The JSON export: every product, category and menu as GET answers them (without `version`). */
export type Bundle = {
  format: typeof BUNDLE_FORMAT
  version: 1
  exportedAt: string
  /** The branches the menus name, so an import into a shop with other ids finds them by identifier. */
  branches: BranchRef[]
  categories: Item[]
  products: Item[]
  menus: Item[]
}

export type ShopData = { categories: Item[]; products: Item[]; menus: Item[]; branches: BranchRef[] }

type ColumnKind = 'text' | 'number' | 'boolean' | 'json'
type Column = readonly [name: string, kind: ColumnKind]

/** The CSV columns of each type: every field of its write contract, plus the id the file refers by. */
export const COLUMNS: Record<Kind, readonly Column[]> = {
  categories: [
    ['id', 'text'],
    ['name', 'text'],
    ['image', 'json'],
    ['isEnabled', 'boolean'],
    ['schedule', 'json'],
    ['isVisibleWhenUnavailable', 'boolean'],
    ['translations', 'json'],
  ],
  products: [
    ['id', 'text'],
    ['uid', 'text'],
    ['name', 'text'],
    ['description', 'text'],
    ['allergens', 'text'],
    ['images', 'json'],
    ['type', 'text'],
    ['price', 'number'],
    ['tax', 'number'],
    ['takeawayTax', 'number'],
    ['dineInTax', 'number'],
    ['unit', 'text'],
    ['alternativeUnits', 'json'],
    ['minimumQuantity', 'number'],
    ['maximumQuantity', 'number'],
    ['quantityStepSize', 'number'],
    ['defaultQuantity', 'number'],
    ['defaultUnit', 'text'],
    ['calculationModel', 'text'],
    ['isPriceHidden', 'boolean'],
    ['isEnabled', 'boolean'],
    ['schedule', 'json'],
    ['isStepByStep', 'boolean'],
    ['config', 'json'],
    ['isLeadTimeEnabled', 'boolean'],
    ['leadTimeType', 'text'],
    ['leadTimeValue', 'number'],
    ['translations', 'json'],
  ],
  menus: [
    ['id', 'text'],
    ['name', 'text'],
    ['availableFrom', 'text'],
    ['branches', 'json'],
    ['catalog', 'json'],
  ],
}

export const SCHEMAS: Record<Kind, z.ZodType> = {
  categories: createCategoryBodySchema,
  products: createProductBodySchema,
  menus: createMenuBodySchema,
}

const FILE_NAMES: Record<Kind, string> = {
  categories: 'categories.csv',
  products: 'products.csv',
  menus: 'menus.csv',
}

const withoutVersion = ({ version: _version, ...rest }: Record<string, unknown>) => rest as Item

// ---------------------------------------------------------------------------------------------
// Export

export function exportBundle(data: ShopData, now: Date): Bundle {
  return {
    format: BUNDLE_FORMAT,
    version: 1,
    exportedAt: now.toISOString(),
    branches: data.branches.map((b) => ({
      id: b.id,
      identifier: b.identifier ?? null,
      name: b.name ?? null,
    })),
    categories: data.categories.map(withoutVersion),
    products: data.products.map(withoutVersion),
    menus: data.menus.map(withoutVersion),
  }
}

function cellOf(value: unknown, kind: ColumnKind): string {
  if (value === null || value === undefined) return ''
  if (kind === 'json') return JSON.stringify(value)
  return String(value)
}

/** One CSV per type: a header row of the field names, then a row per item. */
export function exportCsv(data: ShopData): { name: string; kind: Kind; text: string }[] {
  return KINDS.map((kind) => {
    const columns = COLUMNS[kind]
    const rows = data[kind].map((item) => columns.map(([name, type]) => cellOf(item[name], type)))
    return {
      name: FILE_NAMES[kind],
      kind,
      text: Papa.unparse({ fields: columns.map(([name]) => name), data: rows }, { newline: '\r\n' }),
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Reading files

/** One row of an import: where it came from, the file's id for it, the body it would send. */
export type ImportRow = {
  kind: Kind
  /** "products.csv, Zeile 3" is made from these. */
  file: string
  /** 1-based: the CSV line (the header is line 1) or the position in the JSON list. */
  line: number
  oldId: string | null
  label: string
  body: Record<string, unknown>
  /** Problems found while reading (a JSON cell that is not JSON). */
  readErrors: FieldError[]
}

export type ReadResult = { rows: ImportRow[]; branches: BranchRef[]; problems: string[] }

export type Texts = {
  /** A file that is neither the JSON export nor one of the CSVs. */
  unknownFile: (file: string) => string
  invalidJson: () => string
  duplicate: (value: string) => string
  missingRef: (what: 'category' | 'product' | 'branch', id: string) => string
  refHasErrors: (what: 'category' | 'product', id: string) => string
}

const labelOf = (kind: Kind, body: Record<string, unknown>) =>
  kind === 'products' ? `${String(body.name ?? '')} (${String(body.uid ?? '')})` : String(body.name ?? '')

function rowOf(
  kind: Kind,
  file: string,
  line: number,
  item: Record<string, unknown>,
  readErrors: FieldError[] = [],
): ImportRow {
  const { id, version: _version, ...body } = item
  return {
    kind,
    file,
    line,
    oldId: typeof id === 'string' && id !== '' ? id : null,
    label: labelOf(kind, body),
    body,
    readErrors,
  }
}

function parseCell(text: string, kind: ColumnKind): { value?: unknown; error?: boolean } {
  const trimmed = text.trim()
  if (trimmed === '') return {}
  switch (kind) {
    case 'number': {
      const n = Number(trimmed)
      return { value: Number.isNaN(n) ? trimmed : n }
    }
    case 'boolean': {
      const lower = trimmed.toLowerCase()
      if (['true', '1', 'ja', 'yes', 'oui', 'wahr'].includes(lower)) return { value: true }
      if (['false', '0', 'nein', 'no', 'non', 'falsch'].includes(lower)) return { value: false }
      return { value: trimmed }
    }
    case 'json':
      try {
        return { value: JSON.parse(trimmed) }
      } catch {
        return { value: trimmed, error: true }
      }
    default:
      return { value: text }
  }
}

/** Which type a CSV holds: by its header (a product has a uid, a menu a catalog), else by its name. */
function kindOfCsv(name: string, header: readonly string[]): Kind | null {
  if (header.includes('uid')) return 'products'
  if (header.includes('catalog')) return 'menus'
  if (header.includes('name') && header.includes('isVisibleWhenUnavailable')) return 'categories'
  const lower = name.toLowerCase()
  if (lower.includes('categor') || lower.includes('kategor')) return 'categories'
  if (lower.includes('product') || lower.includes('produkt')) return 'products'
  if (lower.includes('menu') || lower.includes('menü')) return 'menus'
  return null
}

export function readCsv(name: string, text: string, texts: Texts): ReadResult {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  })
  const header = parsed.meta.fields ?? []
  const kind = kindOfCsv(name, header)
  if (kind === null) return { rows: [], branches: [], problems: [texts.unknownFile(name)] }
  const columns = new Map(COLUMNS[kind].map(([column, type]) => [column, type]))
  const rows = parsed.data.map((record, index) => {
    const item: Record<string, unknown> = {}
    const errors: FieldError[] = []
    for (const [column, cell] of Object.entries(record)) {
      // An unknown column is kept as it is: the strict contract names it.
      const type = columns.get(column) ?? 'text'
      const { value, error } = parseCell(cell ?? '', type)
      if (error) errors.push({ field: column, message: texts.invalidJson() })
      if (value !== undefined) item[column] = value
    }
    return rowOf(kind, name, index + 2, item, errors)
  })
  return { rows, branches: [], problems: [] }
}

export function readJson(name: string, text: string, texts: Texts): ReadResult {
  let data: unknown
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    return { rows: [], branches: [], problems: [texts.unknownFile(name)] }
  }
  const bundle = data as Partial<Bundle>
  if (bundle === null || typeof bundle !== 'object' || !KINDS.some((kind) => Array.isArray(bundle[kind]))) {
    return { rows: [], branches: [], problems: [texts.unknownFile(name)] }
  }
  const rows = KINDS.flatMap((kind) =>
    (Array.isArray(bundle[kind]) ? (bundle[kind] as unknown[]) : []).map((item, index) =>
      rowOf(
        kind,
        name,
        index + 1,
        item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {},
      ),
    ),
  )
  return { rows, branches: Array.isArray(bundle.branches) ? bundle.branches : [], problems: [] }
}

/** Reads every chosen file (the JSON export, the CSVs), types in dependency order. */
export function readFiles(files: readonly { name: string; text: string }[], texts: Texts): ReadResult {
  const results = files.map((file) =>
    /\.json$/i.test(file.name) || file.text.trimStart().startsWith('{')
      ? readJson(file.name, file.text, texts)
      : readCsv(file.name, file.text, texts),
  )
  const rows = results.flatMap((r) => r.rows)
  rows.sort((a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind))
  return {
    rows,
    branches: results.flatMap((r) => r.branches),
    problems: results.flatMap((r) => r.problems),
  }
}

// ---------------------------------------------------------------------------------------------
// Dry run

export type PlannedRow = ImportRow & {
  action: 'create' | 'update'
  /** The stored resource an update replaces. */
  target: Item | null
  errors: FieldError[]
}

export type Plan = {
  rows: PlannedRow[]
  problems: string[]
  /** The import's branch ids → this shop's (same id, or the same identifier). */
  branchMap: Map<string, string>
  errorCount: number
}

const refIds = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .map((ref) => (ref !== null && typeof ref === 'object' ? (ref as { id?: unknown }).id : undefined))
        .filter((id): id is string => typeof id === 'string')
    : []

const keyOf = (kind: Kind, body: Record<string, unknown>): string | null => {
  const value = kind === 'products' ? body.uid : body.name
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

function findTarget(kind: Kind, key: string | null, shop: ShopData): Item | null {
  if (key === null) return null
  return shop[kind].find((item) => keyOf(kind, item) === key) ?? null
}

/**
 * Checks every row before anything is written: the contract (the server's own messages, in
 * `locale`), a key (uid, name) given twice in the import, and every reference of a menu.
 */
export function dryRun(read: ReadResult, shop: ShopData, locale: string, texts: Texts): Plan {
  const seen = new Map<string, number>()
  const rows: PlannedRow[] = read.rows.map((row) => {
    const errors = [...row.readErrors]
    const result = parseWithErrors(SCHEMAS[row.kind], row.body, locale)
    if (!result.success) errors.push(...result.errors)
    const key = keyOf(row.kind, row.body)
    if (key !== null) {
      const seenKey = `${row.kind}:${key}`
      seen.set(seenKey, (seen.get(seenKey) ?? 0) + 1)
      if ((seen.get(seenKey) ?? 0) > 1)
        errors.push({ field: row.kind === 'products' ? 'uid' : 'name', message: texts.duplicate(key) })
    }
    const target = findTarget(row.kind, key, shop)
    return { ...row, action: target ? 'update' : 'create', target, errors }
  })

  // Branches: the same id in this shop, or the same identifier as the export names it.
  const branchMap = new Map<string, string>()
  for (const branch of shop.branches) branchMap.set(branch.id, branch.id)
  for (const exported of read.branches) {
    if (branchMap.has(exported.id)) continue
    const match = shop.branches.find((b) => b.identifier && b.identifier === exported.identifier)
    if (match) branchMap.set(exported.id, match.id)
  }

  const imported = (kind: 'categories' | 'products') =>
    new Map(rows.filter((r) => r.kind === kind && r.oldId !== null).map((r) => [r.oldId as string, r]))
  const importedCategories = imported('categories')
  const importedProducts = imported('products')
  const existing = (kind: 'categories' | 'products') => new Set(shop[kind].map((item) => item.id))
  const existingCategories = existing('categories')
  const existingProducts = existing('products')

  for (const row of rows) {
    if (row.kind !== 'menus') continue
    refIds(row.body.branches).forEach((id, i) => {
      if (!branchMap.has(id))
        row.errors.push({ field: `branches.${i}.id`, message: texts.missingRef('branch', id) })
    })
    const catalog = Array.isArray(row.body.catalog) ? (row.body.catalog as Record<string, unknown>[]) : []
    catalog.forEach((entry, i) => {
      const categoryId = (entry?.category as { id?: unknown } | undefined)?.id
      if (typeof categoryId === 'string') {
        const fromFile = importedCategories.get(categoryId)
        if (fromFile && fromFile.errors.length > 0)
          row.errors.push({
            field: `catalog.${i}.category.id`,
            message: texts.refHasErrors('category', categoryId),
          })
        else if (!fromFile && !existingCategories.has(categoryId))
          row.errors.push({
            field: `catalog.${i}.category.id`,
            message: texts.missingRef('category', categoryId),
          })
      }
      refIds(entry?.products).forEach((productId, j) => {
        const fromFile = importedProducts.get(productId)
        if (fromFile && fromFile.errors.length > 0)
          row.errors.push({
            field: `catalog.${i}.products.${j}.id`,
            message: texts.refHasErrors('product', productId),
          })
        else if (!fromFile && !existingProducts.has(productId))
          row.errors.push({
            field: `catalog.${i}.products.${j}.id`,
            message: texts.missingRef('product', productId),
          })
      })
    })
  }
  return {
    rows,
    problems: read.problems,
    branchMap,
    errorCount: rows.filter((r) => r.errors.length > 0).length + read.problems.length,
  }
}

// ---------------------------------------------------------------------------------------------
// Import

export type Writer = {
  create(kind: Kind, body: Record<string, unknown>): Promise<Item>
  /** Replaces `target` (as GET answered it, with its version) with the body. */
  update(kind: Kind, target: Item, body: Record<string, unknown>): Promise<Item>
}

export type RowResult = { status: 'created' | 'updated'; id: string } | { status: 'failed'; message: string }

/** A menu's body with the file's ids replaced by the shop's (a reference to a stored one stays). */
export function remapMenu(
  body: Record<string, unknown>,
  categoryIds: ReadonlyMap<string, string>,
  productIds: ReadonlyMap<string, string>,
  branchIds: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const map = (ids: ReadonlyMap<string, string>, id: string) => ({ id: ids.get(id) ?? id })
  const catalog = Array.isArray(body.catalog) ? (body.catalog as Record<string, unknown>[]) : []
  return {
    ...body,
    branches: refIds(body.branches).map((id) => map(branchIds, id)),
    catalog: catalog.map((entry) => ({
      ...entry,
      category: map(categoryIds, String((entry.category as { id?: unknown } | undefined)?.id ?? '')),
      products: refIds(entry.products).map((id) => map(productIds, id)),
    })),
  }
}

/**
 * Writes a checked plan, one row after the other in dependency order (categories, products,
 * menus), and tells `onRow` each row's result as it comes. A plan with errors writes nothing.
 */
export async function applyPlan(
  plan: Plan,
  writer: Writer,
  onRow: (index: number, result: RowResult) => void,
  messageOf: (error: unknown) => string,
): Promise<RowResult[]> {
  if (plan.errorCount > 0) return []
  const ids: Record<'categories' | 'products', Map<string, string>> = {
    categories: new Map(),
    products: new Map(),
  }
  const results: RowResult[] = []
  const order = [...plan.rows.keys()].sort(
    (a, b) => KINDS.indexOf(plan.rows[a]!.kind) - KINDS.indexOf(plan.rows[b]!.kind),
  )
  for (const index of order) {
    const row = plan.rows[index]!
    const body =
      row.kind === 'menus' ? remapMenu(row.body, ids.categories, ids.products, plan.branchMap) : row.body
    let result: RowResult
    try {
      const saved = row.target
        ? await writer.update(row.kind, row.target, body)
        : await writer.create(row.kind, body)
      if (row.kind !== 'menus' && row.oldId !== null) ids[row.kind].set(row.oldId, saved.id)
      result = { status: row.target ? 'updated' : 'created', id: saved.id }
    } catch (error) {
      result = { status: 'failed', message: messageOf(error) }
    }
    results[index] = result
    onRow(index, result)
  }
  return results
}
