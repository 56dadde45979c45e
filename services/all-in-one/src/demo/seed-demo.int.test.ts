import { createUser, RESOURCES } from '@shop/api/resources'
import { MemoryBus, silentLogger } from '@shop/kit'
import { createTestDatabase, type TestDatabase, testNatsUrl, uniqueSubjectRoot } from '@shop/kit/testing'
import { findResource, listResources } from '@shop/read-models'
import { isResourceType, RESOURCE_SCHEMAS } from '@shop/shared/contracts'
import { activeMenu } from '@shop/shared/domain/catalogue'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startShop } from '../embedded.ts'
import { BRANCH_KEYS } from './demo-types.ts'
import { DEMO_PRODUCTS } from './products.ts'
import { demoBlocker, firstCatalogueBranch, planDemo, seedDemo } from './seed-demo.ts'

type Row = { id: string; data: Record<string, any> }

const count = async (db: TestDatabase, table: 'es_events' | 'es_streams' | 'rm_resources') =>
  Number(
    (
      await db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('demo plan', () => {
  it('is valid, references only planned objects, and every product is on some menu', () => {
    const plan = planDemo(new Date())
    const byType = (type: string) => plan.resources.filter((r) => r.type === type)
    expect(byType('branch')).toHaveLength(3)
    expect(byType('product').length).toBeGreaterThanOrEqual(75)
    expect(plan.products.size).toBe(DEMO_PRODUCTS.length)
    const onMenus = new Set(
      byType('menu').flatMap((m) =>
        (m.data.catalog as { products: { id: string }[] }[]).flatMap((e) => e.products.map((p) => p.id)),
      ),
    )
    for (const product of byType('product')) expect(onMenus, product.key).toContain(product.id)
  })
})

describe('seedDemo on a fresh database', () => {
  let db: TestDatabase
  const bus = new MemoryBus()

  beforeAll(async () => {
    db = await createTestDatabase({ max: 3 })
  })
  afterAll(async () => {
    await db?.drop()
  })

  it('loads the demo once, keeps users made before, and the data reads back valid', async () => {
    // As `npm run user:create` before the first start: does not block the demo, is not duplicated.
    await createUser({ db: db.db }, { username: 'Admin', password: 'my-own-secret-1', roles: ['ROLE_ADMIN'] })
    expect(await demoBlocker(db.db)).toBeNull()

    const result = await seedDemo({ db: db.db, bus })
    if (!result.seeded) throw new Error(result.reason)
    expect(result.usersSkipped).toEqual(['admin'])
    expect(result.usersCreated).toEqual(['mitarbeiter'])
    expect(result.orders).toBe(4)
    expect(result.branches.map((b) => b.identifier)).toEqual([...BRANCH_KEYS])

    const list = (type: string) => listResources(db.db, type) as Promise<Row[]>
    const branches = await list('branch')
    const products = await list('product')
    const menus = await list('menu')
    expect(branches.map((b) => b.data.identifier)).toEqual([...BRANCH_KEYS])
    for (const branch of branches) expect(branch.data.apiKey).toMatch(/^[\w-]{20,}$/)
    expect(products.length).toBeGreaterThanOrEqual(75)
    expect(await list('category')).toHaveLength(8)
    expect((await list('tag')).length).toBeGreaterThanOrEqual(4)
    expect(await list('table')).toHaveLength(18)
    expect(await list('division')).toHaveLength(1)
    expect((await list('donatee')).length).toBeGreaterThanOrEqual(1)
    expect((await list('site')).map((s) => s.data.translations['de-CH'].path).sort()).toEqual(
      ['/agb', '/allergene', '/datenschutz', '/impressum', '/ueber-uns'].sort(),
    )
    expect((await list('navigation')).map((n) => n.data.identifier)).toContain('main')
    expect((await list('block')).map((b) => b.data.identifier).sort()).toEqual(['about', 'contact'])
    const config = await findResource<Record<string, any>>(db.db, 'config', 'config')
    expect(config?.data).toMatchObject({ currency: 'CHF', enableCash: true, enablePluginDonations: true })

    // Every stored object still parses with its create schema (the branch's apiKey is added by
    // the registry, users keep their password out of the data; files are made by their own
    // route from their bytes).
    for (const def of RESOURCES) {
      if (def.type === 'user' || def.create === false || !isResourceType(def.path)) continue
      for (const row of await list(def.type)) {
        const { apiKey: _apiKey, ...data } = row.data
        const parsed = RESOURCE_SCHEMAS[def.path].create.safeParse(data)
        expect(parsed.error?.issues ?? [], `${def.type} ${row.id}`).toEqual([])
      }
    }
    expect(RESOURCE_SCHEMAS.config.create.safeParse(config?.data).success).toBe(true)

    // Made here, no download: one picture per category, shown by its products too.
    const images = await list('image')
    const categories = await list('category')
    expect(images).toHaveLength(categories.length)
    expect(categories.every((c) => images.some((i) => i.id === c.data.image?.id))).toBe(true)
    const allProducts = await list('product')
    expect(allProducts.every((p) => p.data.images?.length === 1)).toBe(true)

    // A menu per branch; Zürich also has next month's menu, but the active one is the current.
    const now = new Date()
    for (const branch of branches) {
      const own = menus.filter((m) => m.data.branches.some((b: { id: string }) => b.id === branch.id))
      expect(own.length, branch.data.identifier).toBeGreaterThanOrEqual(1)
      const active = activeMenu(
        own.map((m) => ({ ...m.data, id: m.id }) as { id: string; availableFrom: string; branches: [] }),
        branch.id,
        now,
      )
      expect(active, branch.data.identifier).not.toBeNull()
    }
    const zurich = branches[0]!
    const zurichMenus = menus.filter((m) => m.data.branches[0].id === zurich.id)
    expect(zurichMenus).toHaveLength(2)
    const future = zurichMenus.find((m) => Date.parse(m.data.availableFrom) > now.getTime())
    expect(future).toBeDefined()
    expect(
      activeMenu(
        zurichMenus.map((m) => m.data as any),
        zurich.id,
        now,
      )?.name,
    ).not.toBe(future?.data.name)
    // The French branch offers fewer products.
    const productCount = (menu: Row) =>
      menu.data.catalog.reduce((n: number, e: { products: unknown[] }) => n + e.products.length, 0)
    const lausanneMenu = menus.find((m) => m.data.branches[0].id === branches[2]!.id)!
    expect(productCount(lausanneMenu)).toBeLessThan(productCount(zurichMenus[0]!))

    // Users: the one made before is kept as it was; the employee works in the first branch.
    const users = await list('user')
    expect(users.map((u) => u.data.username).sort()).toEqual(['Admin', 'mitarbeiter'])
    const employee = users.find((u) => u.data.username === 'mitarbeiter')!
    expect(employee.data).toMatchObject({ roles: ['ROLE_EMPLOYEE'], branches: [{ id: zurich.id }] })
    expect(await firstCatalogueBranch(db.db)).toEqual({
      id: zurich.id,
      name: zurich.data.name,
      apiKey: zurich.data.apiKey,
    })

    // Orders on the first branch, with the catalogue's products, names and prices.
    const created = await db.db
      .selectFrom('es_events')
      .select('data')
      .where('event_type', '=', 'OrderCreated')
      .execute()
    expect(created).toHaveLength(4)
    const byUid = new Map(products.map((p) => [p.data.uid, p.data]))
    for (const { data } of created as { data: Record<string, any> }[]) {
      expect(data.branchId).toBe(zurich.id)
      for (const item of data.items) {
        const product = byUid.get(item.productUid)
        expect(product, item.productUid).toBeDefined()
        expect(item.name.startsWith(product!.name)).toBe(true)
        if (product!.type !== 'configurable') expect(item.unitPrice).toBe(product!.price)
      }
    }

    // Seeding again changes nothing.
    const events = await count(db, 'es_events')
    const again = await seedDemo({ db: db.db, bus })
    expect(again.seeded).toBe(false)
    expect(await count(db, 'es_events')).toBe(events)
  })
})

describe('the all-in-one start with demo: true on PostgreSQL', () => {
  let db: TestDatabase
  let shop: Awaited<ReturnType<typeof startShop>> | undefined

  beforeAll(async () => {
    db = await createTestDatabase({ max: 3 })
    shop = await startShop(
      {
        port: 0,
        host: '127.0.0.1',
        dataDir: '',
        databaseUrl: db.url,
        natsUrl: testNatsUrl(),
        subjectRoot: uniqueSubjectRoot(),
        branches: [],
      },
      silentLogger,
      { demo: true },
    )
  })
  afterAll(async () => {
    await shop?.close()
    await db?.drop()
  })

  it('serves the demo: branches without their keys, menus per branch, the first board', async () => {
    const get = async (path: string) => {
      const res = await fetch(`${shop!.url}${path}`)
      expect(res.status, path).toBe(200)
      return ((await res.json()) as { data: any }).data
    }
    const branches = await get('/api/branches')
    expect(branches.map((b: any) => b.identifier)).toEqual([...BRANCH_KEYS])
    expect(branches.every((b: any) => b.apiKey === undefined)).toBe(true)
    expect(await get(`/api/branches/${branches[0].id}/menus`)).toHaveLength(2)
    expect(await get(`/api/branches/${branches[2].id}/menus`)).toHaveLength(1)
    expect((await get('/api/products')).length).toBeGreaterThanOrEqual(75)

    const first = await firstCatalogueBranch(db.db)
    expect(first?.id).toBe(branches[0].id)
    // The board is a projection: give the projector a moment.
    let board: unknown[] = []
    for (let i = 0; i < 100 && board.length < 4; i++) {
      board = await get(`/api/orders/frontdesk/${first!.id}/${first!.apiKey}`)
      if (board.length < 4) await new Promise((r) => setTimeout(r, 100))
    }
    expect(board).toHaveLength(4)
  })
})
