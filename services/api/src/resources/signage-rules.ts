import { type Database, HttpError, msg } from '@shop/kit'
import { findResource, listResources } from '@shop/read-models'
import type { Transaction } from 'kysely'
import type { Reference } from './resource-registry.ts'

// Digital signage (issue 21; docs/devices.md): what segments, streams and screens refer to, and
// what may not be deleted while used.

type Ref = { id?: unknown }
const idOf = (value: unknown) => {
  const id = (value as Ref | null | undefined)?.id
  return typeof id === 'string' ? id : null
}
const one = (type: string, field: string, id: string | null): Reference[] => (id ? [{ field, type, id }] : [])

/** A segment's image, page or block, branch and products must exist. */
export function segmentReferences(d: Record<string, unknown>): Reference[] {
  const products = Array.isArray(d.products) ? (d.products as Ref[]) : []
  return [
    ...one('image', 'image.id', idOf(d.image)),
    ...one('site', 'site.id', idOf(d.site)),
    ...one('block', 'block.id', idOf(d.block)),
    ...one('branch', 'branch.id', idOf(d.branch)),
    ...products.flatMap((p, i) => one('product', `products.${i}.id`, idOf(p))),
  ]
}

/** Each item's segment must exist. */
export function streamReferences(d: Record<string, unknown>): Reference[] {
  const items = Array.isArray(d.items) ? (d.items as { segmentId?: unknown }[]) : []
  return items.flatMap((item, i) =>
    typeof item?.segmentId === 'string'
      ? [{ field: `items.${i}.segmentId`, type: 'digital-signage-segment', id: item.segmentId }]
      : [],
  )
}

/** A screen's branch, its device (of the registry) and its stream must exist. */
export function signageDeviceReferences(d: Record<string, unknown>): Reference[] {
  return [
    ...one('branch', 'branch.id', idOf(d.branch)),
    ...one('device', 'deviceId', typeof d.deviceId === 'string' ? d.deviceId : null),
    ...one('digital-signage-stream', 'streamId', typeof d.streamId === 'string' ? d.streamId : null),
  ]
}

/** The registry's device must be a signage screen (its `kind`; older rows name it in `type`). */
export async function checkSignageDevice(
  trx: Transaction<Database>,
  _id: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (typeof data.deviceId !== 'string') return
  const device = await findResource(trx, 'device', data.deviceId)
  if (!device) return // answered by the reference check
  const kind = device.data.kind ?? device.data.type
  if (kind !== 'signage') throw new HttpError(400, msg('notASignageDevice'), 'deviceId')
}

const names = (rows: { data: Record<string, unknown> }[]) => rows.map((r) => String(r.data.name))
const inUse = (key: string, list: string[]) =>
  list.length === 0
    ? undefined
    : msg(key, { names: `${list.slice(0, 5).join(', ')}${list.length > 5 ? ', …' : ''}` })

/** A segment a stream plays is not deleted. */
export async function refuseSegmentDelete(trx: Transaction<Database>, id: string) {
  const streams = (await listResources(trx, 'digital-signage-stream')).filter((s) =>
    ((s.data.items as { segmentId?: unknown }[] | undefined) ?? []).some((item) => item.segmentId === id),
  )
  return inUse('signageSegmentInUse', names(streams))
}

/** A stream a screen plays is not deleted. */
export async function refuseStreamDelete(trx: Transaction<Database>, id: string) {
  const screens = (await listResources(trx, 'digital-signage-device')).filter((d) => d.data.streamId === id)
  return inUse('signageStreamInUse', names(screens))
}
