import type { CreateProductBody, OrderItemPart } from '@shop/shared/contracts'
import type { LifecycleCommandType } from '@shop/shared/domain/ordering'
import type { DemoInput } from './demo-types.ts'
import { localDate, zurichDateTime } from './demo-types.ts'

/** The two staff users of the README; the employee works in the first branch. */
export function demoUsers(firstBranchId: string): DemoInput<'users'>[] {
  return [
    {
      username: 'admin',
      password: 'demo-admin-2026',
      displayName: 'Demo Admin',
      roles: ['ROLE_ADMIN'],
      branches: [],
    },
    {
      username: 'mitarbeiter',
      password: 'demo-mitarbeiter-2026',
      displayName: 'Demo Mitarbeiterin',
      roles: ['ROLE_EMPLOYEE'],
      branches: [{ id: firstBranchId }],
    },
  ]
}

export type DemoOrderLine = {
  productUid: string
  name: string
  amount: number
  unit: string
  unitPrice: number
  total: number
  /** The configured parts, one per part of the product, as the checkout stores them. */
  parts: OrderItemPart[]
}

export type DemoOrder = {
  customer: { firstName: string; lastName: string; email: string | null; phone: string | null }
  isDelivery: boolean
  isDineIn: boolean
  tableIdentifier: string | null
  appointment: string | null
  comment: string | null
  paymentMethod: string
  lines: DemoOrderLine[]
  /** Staff steps after the order was placed. */
  steps: LifecycleCommandType[]
}

export type Choice = {
  amount: number
  unit?: string
  options?: Record<string, string[]>
  text?: Record<string, string>
}

/**
 * A line priced from the catalogue: the product's unit price with its chosen options
 * (overwrite first, then add and subtract), times the amount in the product's unit.
 */
export function line(
  products: ReadonlyMap<string, CreateProductBody>,
  uid: string,
  choice: Choice,
): DemoOrderLine {
  const product = products.get(uid)
  if (!product) throw new Error(`demo order: no product ${uid}`)
  const unit = choice.unit ?? product.unit
  const ratio =
    unit === product.unit
      ? 1
      : product.alternativeUnits.find((alternative) => alternative.unit === unit)?.ratio
  if (ratio === undefined) throw new Error(`demo order: ${uid} is not sold in ${unit}`)
  let price = product.price
  let delta = 0
  const parts: OrderItemPart[] = []
  for (const part of product.config.parts) {
    const chosen = choice.options?.[part.name] ?? []
    for (const name of chosen) {
      const option = part.options.find((o) => o.name === name)
      if (!option) throw new Error(`demo order: ${uid} has no option ${name} in ${part.name}`)
      if (option.modifier === 'overwrite') price = option.value
      else delta += option.modifier === 'add' ? option.value : -option.value
    }
    parts.push({
      name: part.name,
      type: part.type,
      options: [...chosen],
      text: choice.text?.[part.name] || null,
      uploads: [],
    })
  }
  const unitPrice = Math.max(0, price + delta)
  return {
    productUid: product.uid,
    name: product.name,
    amount: choice.amount,
    unit,
    unitPrice,
    total: Math.round(unitPrice * choice.amount * ratio),
    parts,
  }
}

/** Four orders on the first branch, in different states and of every order type. */
export function demoOrders(now: Date, products: ReadonlyMap<string, CreateProductBody>): DemoOrder[] {
  const inThreeDays = localDate(new Date(now.getTime() + 3 * 86_400_000))
  return [
    {
      customer: {
        firstName: 'Anna',
        lastName: 'Muster',
        email: 'anna@example.com',
        phone: '+41 79 123 45 67',
      },
      isDelivery: false,
      isDineIn: false,
      tableIdentifier: null,
      appointment: null,
      comment: 'Bitte in Papiertüte',
      paymentMethod: 'cash',
      lines: [
        line(products, 'butterzopf-500g', { amount: 1 }),
        line(products, 'buttergipfeli', { amount: 4 }),
      ],
      steps: [],
    },
    {
      customer: { firstName: 'Beat', lastName: 'Keller', email: null, phone: null },
      isDelivery: false,
      isDineIn: true,
      tableIdentifier: '7',
      appointment: null,
      comment: null,
      paymentMethod: 'atm-card',
      lines: [
        line(products, 'cappuccino', { amount: 2, options: { Milch: ['Hafermilch'] } }),
        line(products, 'nussgipfel', { amount: 2 }),
      ],
      steps: ['ConfirmOrder'],
    },
    {
      customer: {
        firstName: 'Chloé',
        lastName: 'Favre',
        email: 'chloe@example.com',
        phone: '+41 76 987 65 43',
      },
      isDelivery: true,
      isDineIn: false,
      tableIdentifier: null,
      appointment: null,
      comment: '3. Stock, bitte zweimal klingeln',
      paymentMethod: 'cash',
      lines: [
        line(products, 'rindsentrecote', { amount: 500, unit: 'gram' }),
        line(products, 'apfelwaehe-stueck', { amount: 2 }),
        line(products, 'bauernbrot', { amount: 1 }),
      ],
      steps: ['ConfirmOrder', 'MarkInDelivery'],
    },
    {
      customer: {
        firstName: 'Daniel',
        lastName: 'Meier',
        email: 'daniel.meier@example.com',
        phone: '+41 78 555 12 34',
      },
      isDelivery: false,
      isDineIn: false,
      tableIdentifier: null,
      appointment: new Date(zurichDateTime(inThreeDays, '15:00')).toISOString(),
      comment: 'Für den 8. Geburtstag von Lea',
      paymentMethod: 'cash',
      lines: [
        line(products, 'geburtstagstorte', {
          amount: 1,
          options: {
            Grösse: ['Ø 22 cm (10–12 Personen)'],
            Boden: ['Schokoladenbiskuit'],
            Füllung: ['Himbeer-Quark'],
            Dekoration: ['Frische Beeren'],
          },
          text: { Beschriftung: 'Alles Gute, Lea!' },
        }),
      ],
      steps: [],
    },
  ]
}
