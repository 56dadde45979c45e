import { randomBytes } from 'node:crypto'
import { type Database, type Db, type ErrorItem, msg } from '@shop/kit'
import {
  branchesWithTag,
  branchHasOrders,
  type FileUse,
  isUploadUsed,
  listResources,
  lockExistingResources,
  menusNamingBranch,
  menusNamingCategory,
  menusNamingProduct,
  ordersUsingUploads,
  resourcesById,
  resourcesOfBranch,
  resourcesUsingFile,
} from '@shop/read-models'
import { t } from '@shop/shared/i18n'
import type { Transaction } from 'kysely'
import { z } from 'zod'
import type { Principal } from '../auth/guard.ts'
import { hasRole, ROLE_ADMIN, ROLE_EMPLOYEE } from '../auth/guard.ts'
import { hashPassword } from '../auth/passwords.ts'
import { deleteFileRow, uploadsOfBranches } from '../files/upload-uses.ts'
import { bundledListItems } from '../fonts/font-catalog.ts'
import { configFieldsUsingFamily, deleteFontFiles, refuseTakenFamily } from '../fonts/font-store.ts'
import { refuseUnknownFonts, templateReferences } from '../image-templates/template-checks.ts'
import { navigationReferences, prepareBlock, refuseBlockDelete, uniqueIdentifier } from './content-rules.ts'
import { withAreaIds } from './delivery-area-ids.ts'
import { checkRedirect } from './redirect-rules.ts'
import {
  checkSignageDevice,
  refuseSegmentDelete,
  refuseStreamDelete,
  segmentReferences,
  signageDeviceReferences,
  streamReferences,
} from './signage-rules.ts'
import { presentSite, siteShownTo } from './site-content.ts'

export type Access = 'public' | 'staff' | 'admin'

export type Reference = { field: string; type: string; id: string }

type Ref = { id?: unknown }
const list = (value: unknown): Ref[] => (Array.isArray(value) ? (value as Ref[]) : [])
const refsTo = (type: string, field: string, value: unknown): Reference[] =>
  list(value).flatMap((r, i) =>
    typeof r?.id === 'string' ? [{ field: `${field}.${i}.id`, type, id: r.id }] : [],
  )
const refTo = (type: string, field: string, value: unknown): Reference[] => {
  const id = (value as Ref | null | undefined)?.id
  return typeof id === 'string' ? [{ field: `${field}.id`, type, id }] : []
}

/** Locks the referred rows (a concurrent delete waits) and answers 400 for each missing one. */
export async function checkReferences(trx: Transaction<Database>, refs: Reference[]): Promise<Reference[]> {
  if (refs.length === 0) return []
  const rows = await lockExistingResources(trx, refs)
  const found = new Set(rows.map((r) => `${r.type}\u0000${r.id}`))
  return refs.filter((r) => !found.has(`${r.type}\u0000${r.id}`))
}

export type ResourceDef = {
  type: string
  /** Path below /api, plural as in spec §7. */
  path: string
  read: Access
  /**
   * Turns a parsed body into the stored state, plus writes that must commit with it (a
   * password hash goes to auth_credentials, never into an event).
   */
  prepare?: (
    body: Record<string, unknown>,
    existing: Record<string, unknown> | undefined,
  ) => Promise<{
    data: Record<string, unknown>
    alongside?: (trx: Transaction<Database>, id: string) => Promise<void>
  }>
  /** What a caller may see of the stored state. */
  present?: (data: Record<string, unknown>, principal: Principal | null) => Record<string, unknown>
  /**
   * Whether the caller may see this row at all (a draft site: staff only); others answer 404 and
   * are left out of lists and /api/init.
   */
  shownTo?: (data: Record<string, unknown>, principal: Principal | null) => boolean
  /**
   * Rules that need the other resources (a redirect's loop), checked in the write's transaction
   * after its row is written; throws an HttpError to refuse.
   */
  check?: (trx: Transaction<Database>, id: string, data: Record<string, unknown>) => Promise<void>
  /** The other resources this state refers to; each must exist when it is written. */
  references?: (data: Record<string, unknown>) => Reference[]
  /** False when the resource is made by its own route (an upload from a data URL). */
  create?: false
  /** More writes of a delete, in its transaction (e.g. the bytes of a file). */
  onDelete?: (trx: Transaction<Database>, id: string) => Promise<void>
  /** A reason to refuse deleting (still referred to), or undefined. */
  refuseDelete?: (trx: Transaction<Database>, id: string) => Promise<ErrorItem['message'] | undefined>
  /**
   * Of these rows, the ones the caller may read, when that is not all the access allows (an
   * employee sees only their branches' uploads). Others answer 404 and are left out of lists.
   */
  visible?: (db: Db, principal: Principal | null, ids: string[]) => Promise<Set<string>>
  /** Items listed before the stored ones that are no resources (the bundled fonts). */
  extraItems?: () => { id: string; version: number; [field: string]: unknown }[]
  /** The list's query (spec §7 "(query)"): its parameters and whether a row matches them. */
  listQuery?: {
    schema: z.ZodObject
    matches: (data: Record<string, unknown>, query: Record<string, string | undefined>) => boolean
  }
}

export async function setPassword(
  trx: Transaction<Database>,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await trx
    .insertInto('auth_credentials')
    .values({ user_id: userId, password_hash: passwordHash, updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ password_hash: passwordHash, updated_at: new Date() }),
    )
    .execute()
  // A new password ends every open session of the user.
  await trx.deleteFrom('auth_sessions').where('user_id', '=', userId).execute()
}

async function deleteFile(trx: Transaction<Database>, id: string): Promise<void> {
  // The row and its chunks; bytes on disk go after the commit (ResourceRouteDeps.afterDelete).
  await deleteFileRow(trx, id)
}

/**
 * An employee sees the uploads that orders of their branches use (a customer's photo for a
 * cake of another branch is none of theirs); admins see every upload.
 */
async function uploadsVisible(db: Db, principal: Principal | null, ids: string[]): Promise<Set<string>> {
  if (isAdmin(principal)) return new Set(ids)
  if (!principal || !hasRole(principal.user, ROLE_EMPLOYEE)) return new Set()
  return uploadsOfBranches(
    db,
    ids,
    principal.user.branches.map((b) => b.id),
  )
}

export const newApiKey = () => randomBytes(18).toString('base64url')

const isAdmin = (p: Principal | null) => p?.user.roles.includes(ROLE_ADMIN) === true

const refusal = (key: string, names: string[]) =>
  names.length === 0
    ? undefined
    : msg(key, { names: `${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}` })

/** What still uses a file, named with its kind in the caller's language ("Produkt «Zopf»"). */
const fileInUse =
  (key: string, uses: FileUse[]): ErrorItem['message'] =>
  (locale?: string) => {
    const names = uses
      .slice(0, 5)
      .map((u) => `${t(`errors:resourceType.${u.type}`, undefined, locale)} «${u.name}»`)
    return t(`errors:errors.${key}`, { names: `${names.join(', ')}${uses.length > 5 ? ', …' : ''}` }, locale)
  }

/** An image is refused deletion while a resource refers to it. */
async function imageInUse(trx: Transaction<Database>, id: string) {
  const uses = await resourcesUsingFile(trx, id)
  return uses.length > 0 ? fileInUse('imageInUse', uses) : undefined
}

/** An upload is refused deletion while a resource or an order uses it. */
async function uploadInUse(trx: Transaction<Database>, id: string) {
  const uses: FileUse[] = [
    ...(await resourcesUsingFile(trx, id)),
    ...((await ordersUsingUploads(trx, [id])).get(id) ?? []),
  ]
  if (uses.length > 0) return fileInUse('fileInUse', uses)
  // An order the projection has not applied yet counts too.
  return (await isUploadUsed(trx, id)) ? msg('uploadInUse') : undefined
}

export const RESOURCES: ResourceDef[] = [
  {
    type: 'user',
    path: 'users',
    read: 'admin',
    references: (d) => refsTo('branch', 'branches', d.branches),
    async prepare(body, existing) {
      const { password, ...rest } = body
      // The time-tracking terminal's credential (spec §1: access token + username): made once.
      const accessToken = typeof existing?.accessToken === 'string' ? existing.accessToken : newApiKey()
      const data = { ...rest, accessToken }
      if (typeof password !== 'string' || password.length === 0) return { data }
      const passwordHash = await hashPassword(password)
      return { data, alongside: (trx, id) => setPassword(trx, id, passwordHash) }
    },
  },
  {
    type: 'division',
    path: 'divisions',
    read: 'public',
    references: (d) => refsTo('branch', 'branches', d.branches),
  },
  {
    type: 'branch',
    path: 'branches',
    read: 'public',
    references: (d) => refsTo('tag', 'tags', d.tags),
    async prepare(body, existing) {
      // The frontdesk key: made once and kept on updates (POST …/regenerate-api-key renews it).
      const apiKey = typeof existing?.apiKey === 'string' ? existing.apiKey : newApiKey()
      return { data: { ...body, apiKey, deliveryAreas: withAreaIds(body.deliveryAreas, existing) } }
    },
    present: (data, p) => {
      if (isAdmin(p)) return data
      const { apiKey: _key, ...rest } = data
      return rest
    },
    async refuseDelete(trx, id) {
      const menus = await menusNamingBranch(trx, id)
      if (menus.length > 0) return refusal('branchInUse', menus)
      const users = await resourcesOfBranch(trx, id)
      if (users.length > 0) return refusal('branchInUse', users)
      return (await branchHasOrders(trx, id)) ? msg('branchHasOrders') : undefined
    },
  },
  {
    type: 'tag',
    path: 'tags',
    read: 'public',
    async refuseDelete(trx, id) {
      return refusal('tagInUse', await branchesWithTag(trx, id))
    },
  },
  { type: 'table', path: 'tables', read: 'public', references: (d) => refTo('branch', 'branch', d.branch) },
  {
    type: 'product',
    path: 'products',
    read: 'public',
    async refuseDelete(trx, id) {
      return refusal('productInUse', await menusNamingProduct(trx, id))
    },
  },
  {
    type: 'category',
    path: 'categories',
    read: 'public',
    async refuseDelete(trx, id) {
      return refusal('categoryInUse', await menusNamingCategory(trx, id))
    },
  },
  {
    type: 'menu',
    path: 'menus',
    read: 'public',
    references: (d) => [
      ...refsTo('branch', 'branches', d.branches),
      ...list(d.catalog).flatMap((entry, i) => [
        ...refTo('category', `catalog.${i}.category`, (entry as { category?: unknown }).category),
        ...refsTo('product', `catalog.${i}.products`, (entry as { products?: unknown }).products),
      ]),
    ],
  },
  { type: 'donatee', path: 'donatees', read: 'public' },
  {
    type: 'site',
    path: 'sites',
    read: 'public',
    shownTo: siteShownTo,
    present: presentSite,
  },
  {
    type: 'navigation',
    path: 'navigations',
    read: 'public',
    references: navigationReferences,
    check: uniqueIdentifier('navigation'),
  },
  {
    type: 'block',
    path: 'blocks',
    read: 'public',
    prepare: prepareBlock,
    check: uniqueIdentifier('block'),
    refuseDelete: refuseBlockDelete,
  },
  { type: 'redirect', path: 'redirects', read: 'public', check: checkRedirect },
  { type: 'device', path: 'devices', read: 'staff', references: (d) => refTo('branch', 'branch', d.branch) },
  {
    type: 'department',
    path: 'departments',
    read: 'staff',
    references: (d) => refTo('branch', 'branch', d.branch),
  },
  {
    type: 'image',
    path: 'images',
    read: 'public',
    create: false,
    onDelete: deleteFile,
    refuseDelete: imageInUse,
  },
  {
    type: 'upload',
    path: 'uploads',
    read: 'staff',
    create: false,
    onDelete: deleteFile,
    refuseDelete: uploadInUse,
    visible: uploadsVisible,
  },
  {
    type: 'image-template',
    path: 'image-templates',
    read: 'staff',
    references: templateReferences,
    async prepare(body) {
      // Each text layer's family must be one of GET /api/fonts.
      return { data: body, alongside: (trx) => refuseUnknownFonts(trx, body.layers) }
    },
  },
  { type: 'scene', path: 'scenes', read: 'public' },
  {
    type: 'font',
    path: 'fonts',
    read: 'public',
    async prepare(body) {
      return { data: body, alongside: (trx, id) => refuseTakenFamily(trx, id, String(body.family)) }
    },
    async refuseDelete(trx, id) {
      const fields = await configFieldsUsingFamily(trx, id)
      return fields.length > 0 ? msg('fontInUse', { names: fields.join(', ') }) : undefined
    },
    onDelete: deleteFontFiles,
    extraItems: bundledListItems,
  },
]

// Time tracking (issue 20; docs/time-tracking.md): the working plan, projects and tasks.

const str = (value: unknown) => (typeof value === 'string' ? value : null)
const refOf = (type: string, field: string, value: unknown): Reference[] =>
  typeof value === 'string' ? [{ field, type, id: value }] : []

/** Employees see their own plan entries; admins (managers) every one. */
async function ownSchedules(db: Db, principal: Principal | null, ids: string[]): Promise<Set<string>> {
  if (isAdmin(principal)) return new Set(ids)
  if (!principal) return new Set()
  const rows = await resourcesById(db, 'working-schedule', ids)
  return new Set(rows.filter((r) => r.data.userId === principal.user.id).map((r) => r.id))
}

const scheduleQuery = z.object({
  user: z.string().optional().describe('Only this user'),
  branch: z.string().optional().describe("Only this branch's shifts"),
  kind: z.enum(['shift', 'holiday', 'sick']).optional(),
  from: z.iso.date().optional().describe('Entries that reach this local day or later'),
  to: z.iso.date().optional().describe('Entries that begin on this local day or earlier'),
})

/**
 * Whether a plan entry lies in the days from–to: an absence by its days, a shift by the UTC days
 * of its instants widened by one day each side (a shift the zone moves over midnight is kept;
 * the caller narrows by the instants if it must).
 */
export function scheduleMatches(
  data: Record<string, unknown>,
  q: Record<string, string | undefined>,
): boolean {
  if (q.user !== undefined && data.userId !== q.user) return false
  if (q.branch !== undefined && data.branchId !== q.branch) return false
  if (q.kind !== undefined && data.kind !== q.kind) return false
  const first = data.kind === 'shift' ? dayShift(str(data.start), -1) : str(data.from)
  const last = data.kind === 'shift' ? dayShift(str(data.end), 1) : str(data.to)
  if (q.from !== undefined && last !== null && last < q.from) return false
  if (q.to !== undefined && first !== null && first > q.to) return false
  return true
}

function dayShift(instant: string | null, days: number): string | null {
  if (instant === null) return null
  const ms = Date.parse(instant)
  return Number.isNaN(ms) ? null : new Date(ms + days * 86_400_000).toISOString().slice(0, 10)
}

// Added after the list: their rules (the query schemas above) are made after RESOURCES.
RESOURCES.push(
  {
    type: 'working-schedule',
    path: 'working-schedules',
    read: 'staff',
    references: (d) => [...refOf('user', 'userId', d.userId), ...refOf('branch', 'branchId', d.branchId)],
    visible: ownSchedules,
    listQuery: { schema: scheduleQuery, matches: scheduleMatches },
  },
  {
    type: 'project',
    path: 'projects',
    read: 'staff',
    references: (d) => refOf('branch', 'branchId', d.branchId),
    listQuery: {
      schema: z.object({
        branch: z.string().optional().describe("This branch's projects and those of every branch"),
        isActive: z.enum(['true', 'false']).optional(),
      }),
      matches: (d, q) =>
        (q.branch === undefined || d.branchId === null || d.branchId === q.branch) &&
        (q.isActive === undefined || String(d.isActive) === q.isActive),
    },
    async refuseDelete(trx, id) {
      const tasks = (await listResources(trx, 'task')).filter((t) => t.data.projectId === id)
      return refusal(
        'projectHasTasks',
        tasks.map((t) => String(t.data.name)),
      )
    },
  },
  {
    type: 'task',
    path: 'tasks',
    read: 'staff',
    references: (d) => refOf('project', 'projectId', d.projectId),
    listQuery: {
      schema: z.object({ project: z.string().optional().describe("Only this project's tasks") }),
      matches: (d, q) => q.project === undefined || d.projectId === q.project,
    },
  },
)

// Digital signage (issue 21; docs/devices.md): segments, streams and the screens that play them.
RESOURCES.push(
  {
    type: 'digital-signage-segment',
    path: 'digital-signage-segments',
    read: 'staff',
    references: segmentReferences,
    refuseDelete: refuseSegmentDelete,
  },
  {
    type: 'digital-signage-stream',
    path: 'digital-signage-streams',
    read: 'staff',
    references: streamReferences,
    refuseDelete: refuseStreamDelete,
  },
  {
    type: 'digital-signage-device',
    path: 'digital-signage-devices',
    read: 'staff',
    references: signageDeviceReferences,
    check: checkSignageDevice,
    listQuery: {
      schema: z.object({ branch: z.string().optional().describe("Only this branch's screens") }),
      matches: (d, q) => q.branch === undefined || (d.branch as { id?: string } | null)?.id === q.branch,
    },
  },
)

export const RESOURCE_TYPES = RESOURCES.map((r) => r.type)
