import { randomUUID } from 'node:crypto'
import { defaultIds, runOrderCommand } from '@shop/api/commands'
// The API package exports only createUser; the demo writes every other resource the way
// POST /api/{resource} does: the same registry (a branch's prepare makes its apiKey) and store.
import { checkReferences, createResource, type FileBytes, RESOURCES, storeImage } from '@shop/api/resources'
import { type Bus, type Db, HttpError, type Logger } from '@shop/kit'
import { listResources } from '@shop/read-models'
import {
  type Actor,
  type CreateProductBody,
  isResourceType,
  parseWithErrors,
  RESOURCE_SCHEMAS,
} from '@shop/shared/contracts'
import { taxRateFor } from '@shop/shared/domain/catalogue'
import { repriceOrder } from '@shop/shared/domain/checkout'
import { orderTypeOf } from '@shop/shared/domain/common'
import type { OrderCommand } from '@shop/shared/domain/ordering'
import { demoBranches, demoDivisions, demoTables, demoTags } from './branches.ts'
import { demoConfig } from './config.ts'
import { demoBlocks, demoDonatees, demoNavigations, demoSites } from './content.ts'
import { BRANCH_KEYS } from './demo-types.ts'
import { historyBranches, historyToday, planHistory, seedHistory } from './history.ts'
import { demoImage } from './images.ts'
import { demoMenus } from './menus.ts'
import { demoOrders, demoUsers } from './orders.ts'
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from './products.ts'
import { seedTimeHistory } from './time-history.ts'

export const DEMO_ACTOR: Actor = { kind: 'system', id: 'demo', name: 'Demo-Daten' }
const CONFIG_ID = 'config'

/** One resource of the demo, parsed with its create schema, with the id it is created with. */
export type PlannedResource = { type: string; key: string; id: string; data: Record<string, unknown> }

export type DemoPlan = {
  /** In write order: config first, users last. */
  resources: PlannedResource[]
  users: PlannedResource[]
  /** Parsed products by uid (the orders take names and prices from them). */
  products: Map<string, CreateProductBody>
  firstBranchId: string
}

export type DemoSeedResult =
  | { seeded: false; reason: string }
  | {
      seeded: true
      /** Resources created, by type. */
      counts: Record<string, number>
      branches: { id: string; identifier: string; name: string; apiKey: string }[]
      usersCreated: string[]
      usersSkipped: string[]
      orders: number
    }

export class DemoDataError extends Error {
  constructor(key: string, errors: { field: string; message: string }[]) {
    super(
      `demo data ${key} does not pass its schema: ${errors.map((e) => `${e.field || '(body)'}: ${e.message}`).join('; ')}`,
    )
    this.name = 'DemoDataError'
  }
}

function createSchemaOf(type: string) {
  const path = type === 'config' ? 'config' : RESOURCES.find((def) => def.type === type)?.path
  if (!path || !isResourceType(path)) throw new Error(`demo data: no resource type ${type}`)
  return RESOURCE_SCHEMAS[path].create
}

/** Parses a demo body with its resource's create schema; throws with every error. */
export function parseDemoBody(type: string, key: string, body: unknown): Record<string, unknown> {
  const result = parseWithErrors(createSchemaOf(type), body)
  if (!result.success) throw new DemoDataError(key, result.errors)
  return result.data as Record<string, unknown>
}

/**
 * The whole demo, built and validated before anything is written: every body must parse with
 * its create schema, and every reference must point to a planned object.
 */
export function planDemo(now: Date): DemoPlan {
  const ids = new Map<string, string>()
  const idOf = (key: string) => {
    let id = ids.get(key)
    if (id === undefined) {
      id = randomUUID()
      ids.set(key, id)
    }
    return id
  }
  const resources: PlannedResource[] = []
  const add = (type: string, key: string, body: unknown, id = idOf(key)) => {
    resources.push({ type, key, id, data: parseDemoBody(type, key, body) })
  }

  add('config', 'config', demoConfig(), CONFIG_ID)
  for (const tag of demoTags()) add('tag', tag.key, tag.body)
  for (const branch of demoBranches(now, idOf)) add('branch', `branch:${branch.key}`, branch.body)
  for (const table of demoTables(idOf)) add('table', table.key, table.body)
  for (const division of demoDivisions(idOf)) add('division', division.key, division.body)
  for (const category of DEMO_CATEGORIES) add('category', `category:${category.key}`, category.body)
  const products = new Map<string, CreateProductBody>()
  for (const entry of DEMO_PRODUCTS) {
    const key = `product:${entry.body.uid}`
    add('product', key, entry.body)
    const parsed = resources.at(-1)!.data as CreateProductBody
    if (products.has(parsed.uid)) throw new Error(`demo data: product uid ${parsed.uid} twice`)
    products.set(parsed.uid, parsed)
  }
  for (const menu of demoMenus(now, idOf)) add('menu', menu.key, menu.body)
  for (const donatee of demoDonatees()) add('donatee', donatee.key, donatee.body)
  for (const site of demoSites(idOf)) add('site', site.key, site.body)
  for (const navigation of demoNavigations(idOf)) add('navigation', navigation.key, navigation.body)
  for (const block of demoBlocks()) add('block', block.key, block.body)

  const firstBranchId = idOf(`branch:${BRANCH_KEYS[0]}`)
  const users = demoUsers(firstBranchId).map((body) => {
    const key = `user:${body.username}`
    return { type: 'user', key, id: idOf(key), data: parseDemoBody('user', key, body) }
  })

  const planned = new Set([...resources, ...users].map((r) => r.key))
  const dangling = [...ids.keys()].filter((key) => !planned.has(key))
  if (dangling.length > 0) throw new Error(`demo data: references to nothing: ${dangling.join(', ')}`)
  return { resources, users, products, firstBranchId }
}

/**
 * Why the demo must not be loaded, or null for an empty shop. Empty means no event stream but
 * users' (no orders, no branches, no other resource): users made with `npm run user:create`
 * before the first start do not count.
 */
export async function demoBlocker(db: Db): Promise<string | null> {
  const rows = await db
    .selectFrom('es_streams')
    .select((eb) => ['stream_type', eb.fn.countAll<string>().as('n')])
    .where('stream_type', '<>', 'user')
    .groupBy('stream_type')
    .orderBy('stream_type')
    .execute()
  if (rows.length === 0) return null
  return `the shop already has data (${rows.map((r) => `${r.stream_type}: ${r.n}`).join(', ')})`
}

/** Strictly increasing write times, so the demo lists in the order it was written. */
function monotonicClock(): () => Date {
  let last = 0
  return () => {
    last = Math.max(Date.now(), last + 1)
    return new Date(last)
  }
}

async function write(
  deps: { db: Db; bus: Pick<Bus, 'notifyAppended'> },
  resource: PlannedResource,
  now: Date,
): Promise<Record<string, unknown>> {
  const def = RESOURCES.find((d) => d.type === resource.type)
  const { data, alongside } = def?.prepare
    ? await def.prepare(resource.data, undefined)
    : { data: resource.data, alongside: undefined }
  const row = await createResource({
    db: deps.db,
    bus: deps.bus,
    type: resource.type,
    id: resource.id,
    actor: DEMO_ACTOR,
    data,
    now,
    // As the API's writes: every reference must exist, in the write's transaction.
    alongside: async (trx, id) => {
      const missing = await checkReferences(trx, def?.references?.(data) ?? [])
      if (missing.length > 0) {
        throw new Error(
          `demo data ${resource.key} refers to missing ${missing.map((r) => `${r.type} ${r.id} (${r.field})`).join(', ')}`,
        )
      }
      await alongside?.(trx, id)
    },
  })
  return row.data
}

/**
 * Loads the demo business into an empty shop: config, three branches with tags and tables,
 * categories, products and menus, content, the two demo users (unless their usernames are
 * taken) and a few orders on the first branch, through the same paths as the API.
 */
export async function seedDemo(deps: {
  db: Db
  bus: Bus
  log?: Logger
  now?: () => Date
  /** Days of generated order history before today (history.ts); default none. */
  historyDays?: number
  /** Where the pictures' bytes go (the embedded shop: on disk); default the database. */
  files?: FileBytes
}): Promise<DemoSeedResult> {
  const blocker = await demoBlocker(deps.db)
  if (blocker) return { seeded: false, reason: blocker }
  const now = deps.now ?? (() => new Date())
  const plan = planDemo(now())
  const clock = monotonicClock()
  const counts: Record<string, number> = {}
  const branches: Extract<DemoSeedResult, { seeded: true }>['branches'] = []

  // One picture per category, made after the config claimed the shop (see below) and before
  // the categories and products that show it.
  const pictures = new Map<string, { id: string; version: number; extension: string }>()
  const categoryOfProduct = new Map(DEMO_PRODUCTS.map((p) => [`product:${p.body.uid}`, p.category as string]))
  const picture = async (categoryKey: string) => {
    let ref = pictures.get(categoryKey)
    if (!ref) {
      const row = await storeImage(
        { db: deps.db, bus: deps.bus, ...(deps.files ? { files: deps.files } : {}) },
        await demoImage(categoryKey),
        { kind: 'system', id: 'demo' },
        categoryKey,
      )
      ref = { id: row.id, version: row.version, extension: String(row.data.extension) }
      pictures.set(categoryKey, ref)
      counts.image = (counts.image ?? 0) + 1
    }
    return ref
  }

  for (const planned of plan.resources) {
    let resource = planned
    if (planned.type === 'category') {
      const ref = await picture(planned.key.slice('category:'.length))
      resource = { ...planned, data: { ...planned.data, image: ref } }
    } else if (planned.type === 'product') {
      const categoryKey = categoryOfProduct.get(planned.key)
      if (categoryKey)
        resource = { ...planned, data: { ...planned.data, images: [await picture(categoryKey)] } }
    }
    let data: Record<string, unknown>
    try {
      data = await write(deps, resource, clock())
    } catch (err) {
      // The config is written first with a fixed id: a second loader running at the same time
      // stops here.
      if (resource.type === 'config' && err instanceof HttpError && err.status === 409) {
        return { seeded: false, reason: 'the demo is being loaded by another process' }
      }
      throw err
    }
    counts[resource.type] = (counts[resource.type] ?? 0) + 1
    if (resource.type === 'branch') {
      branches.push({
        id: resource.id,
        identifier: String(data.identifier),
        name: String(data.name),
        apiKey: String(data.apiKey),
      })
    }
  }

  const existingUsers = await listResources(deps.db, 'user')
  const takenNames = new Set(existingUsers.map((r) => String(r.data.username ?? '').toLowerCase()))
  const usersCreated: string[] = []
  const usersSkipped: string[] = []
  for (const user of plan.users) {
    const username = String(user.data.username)
    if (takenNames.has(username.toLowerCase())) {
      usersSkipped.push(username)
      continue
    }
    await write(deps, user, clock())
    usersCreated.push(username)
  }
  counts.user = usersCreated.length

  const orders = demoOrders(now(), plan.products)
  const cmdDeps = { db: deps.db, bus: deps.bus, now, ids: defaultIds }
  const staff: Actor = { kind: 'staff', id: `frontdesk:${plan.firstBranchId}`, name: 'Frontdesk' }
  for (const order of orders) {
    const orderId = defaultIds.orderId()
    const orderType = orderTypeOf(order)
    const items = order.lines.map((line, n) => {
      const product = plan.products.get(line.productUid)
      return {
        itemId: `${orderId}-${n}`,
        ...line,
        ...(product
          ? { taxRate: taxRateFor(product, orderType), pricingModel: product.calculationModel }
          : {}),
      }
    })
    await runOrderCommand(cmdDeps, orderId, {
      type: 'CreateOrder',
      at: now().toISOString(),
      actor: { kind: 'customer' },
      orderId,
      uid: defaultIds.uid(),
      hash: defaultIds.hash(),
      branchId: plan.firstBranchId,
      isDelivery: order.isDelivery,
      isDineIn: order.isDineIn,
      tableIdentifier: order.tableIdentifier,
      customer: order.customer,
      items,
      appointment: order.appointment,
      comment: order.comment,
      paymentMethod: order.paymentMethod,
      isOnlinePayment: false,
      pricing: repriceOrder(items, orderType, null),
    })
    for (const type of order.steps) {
      await runOrderCommand(cmdDeps, orderId, { type, at: now().toISOString(), actor: staff } as OrderCommand)
    }
  }

  let history = 0
  if ((deps.historyDays ?? 0) > 0) {
    const branches = historyBranches(plan.resources)
    const today = historyToday(branches, now())
    history = await seedHistory(
      deps,
      planHistory({ days: deps.historyDays!, today, branches }),
      plan.products,
    )
    // Four weeks of working time at the first branch (time-history.ts), with the order history.
    const first = branches[0]
    if (first)
      counts.workingActivity = await seedTimeHistory(deps, {
        branchId: first.id,
        timeZone: first.timeZone,
        today,
        now: now(),
      })
  }

  deps.log?.info({ counts, users: usersCreated, orders: orders.length, history }, 'demo data loaded')
  return { seeded: true, counts, branches, usersCreated, usersSkipped, orders: orders.length + history }
}

/** The first branch of the catalogue (the oldest), with its frontdesk api key. */
export async function firstCatalogueBranch(
  db: Db,
): Promise<{ id: string; name: string; apiKey: string } | undefined> {
  const [row] = await listResources(db, 'branch')
  const data = row?.data
  if (!row || typeof data?.apiKey !== 'string') return undefined
  return { id: row.id, name: typeof data.name === 'string' ? data.name : row.id, apiKey: data.apiKey }
}
