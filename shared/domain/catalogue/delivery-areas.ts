/**
 * Delivery areas as references (spec §3 branch.deliveryAreas, §5 delivery area): an area is
 * found by its stable id (or, for a client or an area from before ids, by its name in any
 * case), it serves the postcodes it lists, and an order keeps the terms it agreed to, so a
 * later rename or price change of the area never reprices an order behind its back.
 */
import type { DeliveryArea } from './catalogue.types.ts'

/** What an order agreed to: the area's identity and fee terms at the time it was placed. */
export type DeliveryTerms = {
  /** null: the area had no id yet (written before areas had one). */
  id: string | null
  area: string
  price: number
  tax: number
  free: boolean
  freeFromOrderValue: number | null
  minimumOrderValue: number | null
}

/** The value a client sends and a cart stores for an area: its id, else its name. */
export function deliveryAreaKey(area: Pick<DeliveryArea, 'id' | 'area'>): string {
  return typeof area.id === 'string' && area.id !== '' ? area.id : area.area
}

/** The area a client named: by id first, else by name ignoring case and outer blanks. */
export function findDeliveryArea<A extends Pick<DeliveryArea, 'id' | 'area'>>(
  areas: readonly A[],
  wanted: string | null | undefined,
): A | null {
  if (wanted === null || wanted === undefined) return null
  const key = wanted.trim()
  if (key === '') return null
  const byId = areas.find((area) => typeof area.id === 'string' && area.id === key)
  if (byId) return byId
  const name = key.toLowerCase()
  return areas.find((area) => area.area.trim().toLowerCase() === name) ?? null
}

/** '80 01 ' and '8001' are one postcode; letters (LI, some foreign codes) compare in upper case. */
export function normaliseZipCode(zipCode: string): string {
  return zipCode.replace(/\s+/g, '').toUpperCase()
}

/** Whether an area's postcode list names this postcode ('8001', or the prefix '80*'). */
export function deliveryAreaServes(area: Pick<DeliveryArea, 'zipCodes'>, zipCode: string | null): boolean {
  const list = area.zipCodes ?? []
  if (list.length === 0) return true
  if (zipCode === null) return false
  const zip = normaliseZipCode(zipCode)
  if (zip === '') return false
  return list.some((entry) => {
    const code = normaliseZipCode(entry)
    return code.endsWith('*') ? zip.startsWith(code.slice(0, -1)) : zip === code
  })
}

/** Whether an area restricts postcodes at all. */
export function hasZipCodes(area: Pick<DeliveryArea, 'zipCodes'>): boolean {
  return (area.zipCodes ?? []).length > 0
}

/**
 * The area to offer for a postcode: the chosen one while it serves it, else the first one that
 * lists the postcode, else the first one that serves any postcode, else the chosen one (the
 * checkout then names the problem at the field).
 */
export function deliveryAreaForZipCode<A extends Pick<DeliveryArea, 'zipCodes'>>(
  areas: readonly A[],
  chosen: A | null,
  zipCode: string | null,
): A | null {
  if (zipCode === null || normaliseZipCode(zipCode) === '') return chosen
  if (chosen && deliveryAreaServes(chosen, zipCode)) return chosen
  const listing = areas.find((area) => hasZipCodes(area) && deliveryAreaServes(area, zipCode))
  if (listing) return listing
  return areas.find((area) => !hasZipCodes(area)) ?? chosen
}

/** The terms an order keeps of its area. */
export function deliveryTermsOf(area: DeliveryArea): DeliveryTerms {
  return {
    id: typeof area.id === 'string' && area.id !== '' ? area.id : null,
    area: area.area,
    price: area.price,
    tax: area.tax,
    free: area.free,
    freeFromOrderValue: area.freeFromOrderValue,
    minimumOrderValue: area.minimumOrderValue,
  }
}
