/**
 * Item validity (spec §5) and part editing: an item can be saved to the cart when its
 * amount is above 0 and every mandatory configurable part is filled.
 */
import type { CartItem, CartItemPart } from './cart.ts'
import type { ConfigurablePart, PartType, Product } from './catalogue.types.ts'
import { unitRatio } from './units.ts'

export type ItemProblemReason =
  | 'amount-not-positive'
  | 'choice-required'
  | 'text-required'
  | 'upload-required'
  | 'part-missing'
  | 'unit-not-offered'

export type ItemProblem = { reason: ItemProblemReason; partIndex: number | null }

const UPLOAD_TYPES: readonly PartType[] = ['file', 'files', 'image', 'images']

const EMPTY_PART: CartItemPart = { options: [], text: '', uploads: [] }

/** Only names of existing options count, so a stale choice after a menu edit is no choice. */
export function chosenOptions(part: ConfigurablePart, entry: CartItemPart | undefined): string[] {
  if (entry === undefined || (part.type !== 'select' && part.type !== 'multiselect')) return []
  const names = new Set(part.options.map((option) => option.name))
  const chosen = [...new Set(entry.options)].filter((name) => names.has(name))
  return part.type === 'select' ? chosen.slice(0, 1) : chosen
}

function isFilled(part: ConfigurablePart, entry: CartItemPart): boolean {
  switch (part.type) {
    case 'select':
    case 'multiselect':
      return chosenOptions(part, entry).length > 0
    case 'text':
    case 'textarea':
      // Whitespace is not an answer to "Text on the cake".
      return entry.text.trim() !== ''
    case 'file':
    case 'files':
    case 'image':
    case 'images':
      return entry.uploads.length > 0
  }
}

function problemFor(type: PartType): ItemProblemReason {
  if (type === 'text' || type === 'textarea') return 'text-required'
  if (UPLOAD_TYPES.includes(type)) return 'upload-required'
  return 'choice-required'
}

export type ValidatedItem = Pick<CartItem, 'amount' | 'unit' | 'parts'> & {
  product: Pick<Product, 'config' | 'unit' | 'alternativeUnits'>
}

/**
 * Every reason the item cannot be saved, amount first, then in part order; empty when it
 * is valid. A unit the product is no longer sold in (after a menu edit) is reported too,
 * because such an item cannot be priced.
 */
export function itemProblems(item: ValidatedItem): ItemProblem[] {
  const problems: ItemProblem[] = []
  if (!(Number.isFinite(item.amount) && item.amount > 0)) {
    problems.push({ reason: 'amount-not-positive', partIndex: null })
  }
  if (unitRatio(item.product, item.unit) === null)
    problems.push({ reason: 'unit-not-offered', partIndex: null })
  const parts = item.product.config?.parts ?? []
  parts.forEach((part, index) => {
    if (part.optional) return
    const entry = item.parts[index]
    if (entry === undefined) {
      problems.push({ reason: 'part-missing', partIndex: index })
      return
    }
    if (!isFilled(part, entry)) problems.push({ reason: problemFor(part.type), partIndex: index })
  })
  return problems
}

export function isItemValid(item: ValidatedItem): boolean {
  return itemProblems(item).length === 0
}

/**
 * A click on an option. Select: picks it; clicking the picked one again unchecks it only
 * when the part is optional (spec §5), a mandatory choice stays. Multiselect: toggles it.
 */
export function toggleOption(
  part: ConfigurablePart,
  entry: CartItemPart | undefined,
  optionName: string,
): CartItemPart {
  const current = entry ?? EMPTY_PART
  if (!part.options.some((option) => option.name === optionName)) return current
  if (part.type === 'select') {
    const picked = chosenOptions(part, current)[0]
    if (picked === optionName) return part.optional ? { ...current, options: [] } : current
    return { ...current, options: [optionName] }
  }
  if (part.type === 'multiselect') {
    const chosen = chosenOptions(part, current)
    const options = chosen.includes(optionName)
      ? chosen.filter((name) => name !== optionName)
      : [...chosen, optionName]
    return { ...current, options }
  }
  return current
}
