/**
 * Item edit (PUT /api/orders/{id}/items/{itemId}): the staff change amount, unit and parts of
 * an ordered item, with the product's configuration from /api/init and the shared catalogue
 * rules (spec §5 item validity, amount snapping). The preview price is the catalogue's; the
 * server reprices the whole order (taxes, delivery fee) and its answer is what counts.
 */
import {
  type CartItemPart,
  type ConfigurablePart,
  type ItemProblem,
  itemProblems,
  type Product,
  priceForAmount,
  quantityRulesFor,
  snapAmount,
  type Unit,
  type Upload,
  unitPrice,
} from '@shop/shared/domain/catalogue'
import type { StaffOrder } from './order-view.ts'

export type OrderItem = StaffOrder['items'][number]

export type ItemDraft = { amount: number; unit: Unit; parts: CartItemPart[] }

export { toDomainProduct } from '@shop/shared/domain/catalogue'

/** The ordered item's product in today's catalogue (by uid), or null when it is gone. */
export function productOf(item: Pick<OrderItem, 'productUid'>, products: readonly Product[]): Product | null {
  return products.find((p) => p.uid === item.productUid) ?? null
}

/**
 * The editor's starting point: the item as ordered. Parts are positional (one entry per
 * configured part of the product); an ordered part is matched by name, else by position.
 */
export function draftOf(item: OrderItem, product: Product): ItemDraft {
  const ordered = item.parts ?? []
  const config = product.config?.parts ?? []
  const parts = config.map((part, index) => {
    const match = ordered.find((p) => p.name === part.name) ?? ordered[index]
    return {
      options: match ? [...match.options] : [],
      text: match?.text ?? '',
      uploads: match ? (match.uploads as Upload[]).map((u) => ({ ...u })) : [],
    }
  })
  return { amount: item.amount, unit: item.unit as Unit, parts }
}

/** Why the draft cannot be saved (spec §5), empty when it can; the amount off the product's grid too. */
export function draftProblems(
  draft: ItemDraft,
  product: Product,
): (ItemProblem | { reason: 'amount-off-grid'; partIndex: null })[] {
  const problems: (ItemProblem | { reason: 'amount-off-grid'; partIndex: null })[] = itemProblems({
    ...draft,
    product,
  })
  const rules = quantityRulesFor(product, draft.unit)
  if (rules && draft.amount > 0 && snapAmount(draft.amount, rules) !== draft.amount)
    problems.push({ reason: 'amount-off-grid', partIndex: null })
  return problems
}

/** The line's gross as configured (catalogue preview), or null while it cannot be priced. */
export function draftGross(draft: ItemDraft, product: Product): number | null {
  try {
    return priceForAmount(product, unitPrice(product, draft.parts), draft.amount, draft.unit)
  } catch {
    return null
  }
}

/** The PUT body: amount, unit, the parts by position (uploads by id) and the order's version. */
export function changeBody(draft: ItemDraft, version: number) {
  return {
    amount: draft.amount,
    unit: draft.unit,
    parts: draft.parts.map((part) => ({
      options: [...part.options],
      text: part.text.trim() === '' ? null : part.text,
      uploads: part.uploads.map((u) => ({ id: u.id })),
    })),
    version,
  }
}

/** Whether the draft differs from the ordered item (saving nothing is not offered). */
export function draftChanged(draft: ItemDraft, item: OrderItem, product: Product): boolean {
  return JSON.stringify(changeBody(draft, 0)) !== JSON.stringify(changeBody(draftOf(item, product), 0))
}

export function isChoicePart(part: ConfigurablePart): boolean {
  return part.type === 'select' || part.type === 'multiselect'
}

export function isTextPart(part: ConfigurablePart): boolean {
  return part.type === 'text' || part.type === 'textarea'
}
