/**
 * Item edit (PUT /api/orders/{id}/items/{itemId}): the staff change amount, unit and parts of
 * an ordered item, with the product's configuration from /api/init and the shared catalogue
 * rules (spec §5 item validity, amount snapping). The preview price is the catalogue's; the
 * server reprices the whole order (taxes, delivery fee) and its answer is what counts.
 */
import {
  type CartItemPart,
  type ConfigurableOption,
  type ConfigurablePart,
  type ItemProblem,
  itemProblems,
  type PartType,
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

type Resource = Record<string, unknown> & { id: string }

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** A product resource of /api/init as the catalogue rules read it (nulls to the domain's absences). */
export function toDomainProduct(resource: Resource): Product {
  const r = resource as Resource & Partial<Product>
  const parts = ((r.config as { parts?: unknown[] } | null | undefined)?.parts ?? []) as Record<
    string,
    unknown
  >[]
  return {
    ...(r as unknown as Product),
    id: r.id,
    uid: text(r.uid),
    name: text(r.name),
    description: text(r.description),
    price: typeof r.price === 'number' ? r.price : 0,
    unit: r.unit ?? 'piece',
    alternativeUnits: r.alternativeUnits ?? [],
    minimumQuantity: r.minimumQuantity ?? null,
    maximumQuantity: r.maximumQuantity ?? null,
    quantityStepSize: r.quantityStepSize ?? null,
    defaultQuantity: r.defaultQuantity ?? null,
    defaultUnit: r.defaultUnit ?? null,
    calculationModel: r.calculationModel ?? 'fixed',
    isPriceHidden: r.isPriceHidden === true,
    isEnabled: r.isEnabled !== false,
    schedule: null,
    isStepByStep: r.isStepByStep === true,
    config: {
      parts: parts.map((part) => ({
        name: text(part.name),
        type: part.type as PartType,
        optional: part.optional === true,
        options: (part.options as readonly ConfigurableOption[] | undefined) ?? [],
      })),
    },
    isLeadTimeEnabled: r.isLeadTimeEnabled === true,
    leadTimeType: r.leadTimeType ?? null,
    leadTimeValue: r.leadTimeValue ?? null,
  }
}

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
