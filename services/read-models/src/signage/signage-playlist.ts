import type { Db } from '@shop/kit'
import {
  DEFAULT_CURRENCY,
  DEFAULT_TIME_ZONE,
  type SignagePlayerSegment,
  type SignagePlaylist,
  type SignageStreamItemBody,
} from '@shop/shared/contracts'
import { activeMenu } from '@shop/shared/domain/catalogue'
import {
  type PickupEntry,
  type PickupSource,
  pickupColumns,
  pickupEntryOf,
} from '@shop/shared/domain/signage'
import { findBranchOperations } from '../branch-operations/branch-operations.ts'
import { findResource, listResources, menusOfBranch, resourcesById } from '../resources/resources.ts'

// Digital signage (issue 21; docs/devices.md): what a paired screen plays (GET /api/device/signage)
// and the pickup display's numbers. Everything the player needs is resolved here, so that it can
// keep playing from its cache when the network drops.

type Data = Record<string, unknown>
type ImageRef = { id: string; version: number; extension: string }
const str = (value: unknown) => (typeof value === 'string' ? value : null)
const idOf = (value: unknown) => str((value as { id?: unknown } | null | undefined)?.id)
const isImage = (value: unknown): value is ImageRef =>
  typeof value === 'object' && value !== null && typeof (value as ImageRef).id === 'string'

/** The large variant of an image (spec §7 Assets: up to 1920 wide, a TV's width). */
export const signageImageUrl = (image: ImageRef) =>
  `/image/large/${image.id}-${image.version}.${image.extension}`

/** The signage device resource that names this registry device, if any. */
export async function signageScreenOfDevice(db: Db, deviceId: string) {
  return (await listResources(db, 'digital-signage-device')).find((r) => r.data.deviceId === deviceId)
}

/** The registry devices playing a stream (or showing a segment through their stream). */
export async function devicesPlaying(
  db: Db,
  change: { streamId?: string; segmentId?: string },
): Promise<string[]> {
  const screens = await listResources(db, 'digital-signage-device')
  let streams: Set<string> | undefined
  if (change.segmentId !== undefined) {
    const all = await listResources(db, 'digital-signage-stream')
    streams = new Set(
      all
        .filter((s) =>
          ((s.data.items as { segmentId?: unknown }[] | undefined) ?? []).some(
            (i) => i.segmentId === change.segmentId,
          ),
        )
        .map((s) => s.id),
    )
  }
  return screens
    .filter((s) =>
      change.streamId !== undefined
        ? s.data.streamId === change.streamId
        : streams?.has(String(s.data.streamId)),
    )
    .map((s) => String(s.data.deviceId))
}

/** The registry devices whose stream plays a menu segment (prices and sold out to refresh). */
export async function devicesShowingMenus(db: Db): Promise<string[]> {
  const menus = (await listResources(db, 'digital-signage-segment')).filter((s) => s.data.type === 'menu')
  const ids = new Set<string>()
  for (const segment of menus)
    for (const id of await devicesPlaying(db, { segmentId: segment.id })) ids.add(id)
  return [...ids]
}

/** The pickup display's entries of a branch: its open orders with a ticket number. */
export async function pickupEntries(db: Db, branchId: string): Promise<PickupEntry[]> {
  const rows = await db
    .selectFrom('rm_orders')
    .select(['order_id', 'ticket_number', 'state'])
    .where('branch_id', '=', branchId)
    .where('is_open', '=', true)
    .execute()
  return rows.flatMap((r) => {
    const entry = pickupEntryOf({
      orderId: r.order_id,
      ticketNumber: r.ticket_number,
      state: r.state as PickupSource,
    })
    return entry && entry.state !== null ? [entry] : []
  })
}

function translated(data: Data, locale: string): { title: string | null; content: unknown } {
  const translations = (data.translations ?? {}) as Record<string, Data>
  const t = translations[locale] ?? translations['de-CH'] ?? Object.values(translations)[0] ?? {}
  return { title: str(t.name) ?? str(t.title) ?? str(data.name), content: t.content ?? null }
}

/** The products of a menu segment: its selection, else the branch's active menu. */
async function menuProducts(db: Db, data: Data, branchId: string, now: Date) {
  let ids = ((data.products as unknown[] | undefined) ?? []).flatMap((p) => idOf(p) ?? [])
  if (ids.length === 0) {
    const menus = await menusOfBranch(db, branchId)
    const menu = activeMenu(
      menus.map(
        (m) => ({ ...m.data, id: m.id }) as { id: string; availableFrom: string; branches: { id: string }[] },
      ),
      branchId,
      now,
    ) as (Data & { id: string }) | null
    const catalog = (menu?.catalog as { products?: unknown[] }[] | undefined) ?? []
    ids = [...new Set(catalog.flatMap((entry) => (entry.products ?? []).flatMap((p) => idOf(p) ?? [])))]
  }
  const [rows, operations] = await Promise.all([
    resourcesById(db, 'product', ids),
    findBranchOperations(db, branchId),
  ])
  const byId = new Map(rows.map((r) => [r.id, r.data]))
  const soldOut = operations.state.soldOut
  return ids.flatMap((id) => {
    const p = byId.get(id)
    if (!p) return []
    const until = soldOut[id]?.until
    return [
      {
        id,
        name: str(p.name) ?? id,
        price: typeof p.price === 'number' ? p.price : 0,
        soldOut: until !== undefined && Date.parse(until) > now.getTime(),
      },
    ]
  })
}

async function resolveSegment(
  db: Db,
  id: string,
  data: Data,
  locale: string,
  now: Date,
): Promise<SignagePlayerSegment> {
  const segment: SignagePlayerSegment = {
    id,
    name: str(data.name) ?? id,
    type: data.type as SignagePlayerSegment['type'],
    durationSeconds: typeof data.durationSeconds === 'number' ? data.durationSeconds : 10,
    imageUrl: isImage(data.image) ? signageImageUrl(data.image) : null,
    fit: data.fit === 'cover' ? 'cover' : 'contain',
    title: null,
    content: null,
    branchId: idOf(data.branch),
    products: [],
  }
  if (segment.type === 'content') {
    const site = idOf(data.site)
    const block = idOf(data.block)
    const row = site
      ? await findResource(db, 'site', site)
      : block
        ? await findResource(db, 'block', block)
        : undefined
    if (row) Object.assign(segment, translated(row.data, locale))
  }
  if (segment.type === 'menu' && segment.branchId)
    segment.products = await menuProducts(db, data, segment.branchId, now)
  return segment
}

/**
 * What the registry device `deviceId` plays: its screen, stream and the segments of the stream
 * (and `extraSegmentIds`, e.g. one a command shows), resolved; the pickup numbers of its branch
 * when a segment shows them.
 */
export async function signagePlaylist(db: Db, deviceId: string, now: Date): Promise<SignagePlaylist> {
  const [screen, config] = await Promise.all([
    signageScreenOfDevice(db, deviceId),
    findResource(db, 'config', 'config'),
  ])
  const branchId = idOf(screen?.data.branch)
  const branchRow = branchId ? await findResource(db, 'branch', branchId) : undefined
  const branchData = branchRow?.data ?? {}
  const locale = str(branchData.locale) ?? 'de-CH'
  const streamId = str(screen?.data.streamId)
  const stream = streamId ? await findResource(db, 'digital-signage-stream', streamId) : undefined
  const items = ((stream?.data.items as SignageStreamItemBody[] | undefined) ?? []).map((i) => ({
    segmentId: i.segmentId,
    durationSeconds: i.durationSeconds ?? null,
    schedule: i.schedule ?? null,
  }))
  // Every segment: a command may show one the stream does not play.
  const segmentRows = await listResources(db, 'digital-signage-segment')
  const segments: Record<string, SignagePlayerSegment> = {}
  for (const row of segmentRows) segments[row.id] = await resolveSegment(db, row.id, row.data, locale, now)
  const logo = isImage(branchData.logo) ? signageImageUrl(branchData.logo) : null
  const pickupBranches = new Set(
    Object.values(segments).flatMap((s) => (s.type === 'pickup' && s.branchId ? [s.branchId] : [])),
  )
  const pickupBranch = branchId && pickupBranches.has(branchId) ? branchId : [...pickupBranches][0]
  const images = [
    ...new Set([
      ...Object.values(segments).flatMap((s) => (s.imageUrl ? [s.imageUrl] : [])),
      ...(logo ? [logo] : []),
    ]),
  ]
  return {
    screen: screen ? { id: screen.id, name: str(screen.data.name) ?? screen.id } : null,
    deviceId,
    shop: { name: str(config?.data.shopName) ?? '', logoUrl: logo },
    branch: branchRow
      ? {
          id: branchRow.id,
          name: str(branchData.name) ?? branchRow.id,
          timeZone: str(branchData.timeZone) ?? DEFAULT_TIME_ZONE,
          currency: str(branchData.currency) ?? str(config?.data.currency) ?? DEFAULT_CURRENCY,
          locale,
        }
      : null,
    stream: stream ? { id: stream.id, name: str(stream.data.name) ?? stream.id, items } : null,
    segments,
    pickup: pickupBranch ? pickupColumns(await pickupEntries(db, pickupBranch)) : null,
    images,
    serverTime: now.toISOString(),
  }
}
