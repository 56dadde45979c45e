import { randomUUID } from 'node:crypto'

type AreaData = { id?: unknown; area?: unknown }

/**
 * Every delivery area gets a stable id (orders refer to it, not to the name): the one it was
 * sent with, else the id of the stored area of the same name (a client that sent no ids keeps
 * them), else a new one.
 */
export function withAreaIds(areas: unknown, existing: Record<string, unknown> | undefined): unknown {
  if (!Array.isArray(areas)) return areas
  const stored = Array.isArray(existing?.deliveryAreas) ? (existing.deliveryAreas as AreaData[]) : []
  const nameOf = (area: AreaData) => (typeof area.area === 'string' ? area.area.trim().toLowerCase() : '')
  const taken = new Set(areas.map((area: AreaData) => area?.id).filter((id) => typeof id === 'string'))
  return areas.map((area: AreaData) => {
    if (typeof area?.id === 'string' && area.id !== '') return area
    const previous = stored.find((s) => typeof s.id === 'string' && nameOf(s) === nameOf(area))?.id
    const id = typeof previous === 'string' && !taken.has(previous) ? previous : randomUUID()
    taken.add(id)
    return { ...area, id }
  })
}
