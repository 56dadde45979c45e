/**
 * The catalogue's resources as /api/init sends them (JSON: null for "not set") turned into the
 * shapes the domain rules take (absent keys, defaults). Used by the storefront and the
 * back-office alike.
 */
import type { Schedule } from './availability.ts'
import type { Category, ConfigurableOption, PartType, Product } from './catalogue.types.ts'
import type { Menu } from './menu.ts'

type Resource = Record<string, unknown> & { id: string }

/** Resource schedules say null for "no condition"; the domain rules leave the key out. */
export function toSchedule(value: unknown): Schedule | null {
  if (!Array.isArray(value) || value.length === 0) return null
  return value.map((entry: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== null && v !== undefined)),
  ) as Schedule
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** A product resource (/api/init) as the catalogue rules see it (nulls to the domain's absences). */
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
    allergens: typeof r.allergens === 'string' ? r.allergens : null,
    images: r.images ?? [],
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
    schedule: toSchedule(r.schedule),
    isStepByStep: r.isStepByStep === true,
    config: {
      parts: parts.map((part) => ({
        name: text(part.name),
        ...(typeof part.description === 'string' && part.description !== ''
          ? { description: part.description }
          : {}),
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

/** A category resource as the catalogue rules see it. */
export function toDomainCategory(resource: Resource): Category {
  return {
    id: resource.id,
    name: text(resource.name),
    image: (resource.image as Category['image']) ?? null,
    isEnabled: resource.isEnabled !== false,
    schedule: toSchedule(resource.schedule),
    isVisibleWhenUnavailable: resource.isVisibleWhenUnavailable === true,
    ...(typeof resource.translations === 'object' && resource.translations !== null
      ? { translations: resource.translations as NonNullable<Category['translations']> }
      : {}),
  }
}

type RefList = readonly { id: string }[] | undefined

/** A menu resource: catalogue entries refer to categories and products as { id }; the rules take plain ids. */
export function toDomainMenu(resource: Resource): Menu {
  const catalog = (resource.catalog as { category: { id: string }; products: RefList }[] | undefined) ?? []
  return {
    id: resource.id,
    availableFrom: text(resource.availableFrom),
    branches: ((resource.branches as RefList) ?? []).map((b) => b.id),
    catalog: catalog.map((entry) => ({
      category: entry.category.id,
      products: (entry.products ?? []).map((p) => p.id),
    })),
  }
}
