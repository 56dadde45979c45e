import { defaultIds, runOrderCommand } from '@shop/api/commands'
import { createUser } from '@shop/api/resources'
import type { BranchAccess, Bus, Db, Logger } from '@shop/kit'
import type { OrderCommand } from '@shop/shared/domain/ordering'

/** Demo orders through the real command path, once, on an empty store. */
export async function seedDemo(deps: {
  db: Db
  bus: Bus
  branches: BranchAccess[]
  log: Logger
}): Promise<void> {
  const branch = deps.branches[0]
  if (!branch) return
  // Users made with `npm run user:create` before the first start do not count as data.
  const existing = await deps.db
    .selectFrom('es_streams')
    .select('stream_id')
    .where('stream_type', '<>', 'user')
    .limit(1)
    .execute()
  if (existing.length > 0) return
  const users = await deps.db
    .selectFrom('rm_resources')
    .select('id')
    .where('type', '=', 'user')
    .limit(1)
    .execute()
  if (users.length === 0) {
    // Documented in the README; demo data is only ever loaded into an empty embedded shop.
    await createUser(deps, {
      username: 'admin',
      password: 'demo-admin-2026',
      displayName: 'Demo Admin',
      roles: ['ROLE_ADMIN'],
    })
    await createUser(deps, {
      username: 'mitarbeiter',
      password: 'demo-mitarbeiter-2026',
      displayName: 'Demo Mitarbeiterin',
      roles: ['ROLE_EMPLOYEE'],
      branches: [{ id: branch.id }],
    })
  }
  const cmdDeps = { db: deps.db, bus: deps.bus, now: () => new Date(), ids: defaultIds }
  const staff = { kind: 'staff' as const, id: `frontdesk:${branch.id}`, name: 'Frontdesk' }
  const people = [
    [
      'Anna',
      'Muster',
      [
        ['Zopf 500 g', 1, 'piece', 690],
        ['Gipfeli', 4, 'piece', 180],
      ],
    ],
    ['Beat', 'Keller', [['Bauernbrot', 1, 'piece', 520]]],
    [
      'Chloé',
      'Favre',
      [
        ['Apfelkuchen', 2, 'piece', 450],
        ['Kaffee', 2, 'piece', 380],
      ],
    ],
  ] as const
  const steps: OrderCommand['type'][][] = [[], ['ConfirmOrder'], ['ConfirmOrder', 'MarkInDelivery']]
  for (const [i, [firstName, lastName, items]] of people.entries()) {
    const orderId = defaultIds.orderId()
    const at = new Date().toISOString()
    const lines = items.map(([name, amount, unit, price], n) => ({
      itemId: `${orderId}-${n}`,
      productUid: name.toLowerCase().replace(/[^a-z]+/g, '-'),
      name,
      amount,
      unit,
      unitPrice: price,
      total: price * amount,
    }))
    await runOrderCommand(cmdDeps, orderId, {
      type: 'CreateOrder',
      at,
      actor: { kind: 'customer' },
      orderId,
      uid: defaultIds.uid(),
      hash: defaultIds.hash(),
      branchId: branch.id,
      isDelivery: false,
      isDineIn: false,
      tableIdentifier: null,
      customer: { firstName, lastName, email: `${firstName.toLowerCase()}@example.com`, phone: null },
      items: lines,
      appointment: null,
      comment: i === 0 ? 'Bitte in Papiertüte' : null,
      paymentMethod: 'cash',
      isOnlinePayment: false,
      pricing: { totalGross: lines.reduce((s, l) => s + l.total, 0) },
    })
    for (const type of steps[i] ?? []) {
      await runOrderCommand(cmdDeps, orderId, {
        type,
        at: new Date().toISOString(),
        actor: staff,
      } as OrderCommand)
    }
  }
  deps.log.info({ branch: branch.id }, 'demo orders created')
}
