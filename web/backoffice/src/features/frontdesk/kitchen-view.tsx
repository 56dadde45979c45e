import { memo, useId, useMemo } from 'react'
import { type Translate, useT } from '../../lib/i18n.tsx'
import type { BoardOrder } from './board-model.ts'
import { amountText, when } from './card-text.ts'
import { type KitchenItem, type KitchenSlot, kitchenSlotsOf } from './kitchen-model.ts'

/** '12 ×' for pieces (the bakehouse counts), '1,5 kg' for measured units. */
export function kitchenAmount(t: Translate, item: Pick<KitchenItem, 'amount' | 'unit'>): string {
  return item.unit === 'piece'
    ? `${String(item.amount).replace('.', ',')}\u00a0×`
    : amountText(t, item.amount, item.unit)
}

/**
 * The board's kitchen view (issue 21 point 4): what to prepare of the confirmed orders, by pickup
 * time, the earliest first, each product summed within its slot with the orders' ticket numbers.
 * Live like the board: it is computed from the same orders.
 */
export const KitchenView = memo(function KitchenView({
  orders,
  timeZone,
  now,
}: {
  orders: BoardOrder[]
  timeZone: string
  now: number
}) {
  const t = useT('bo-frontdesk')
  const slots = useMemo(() => kitchenSlotsOf(orders), [orders])
  if (slots.length === 0) return <p className="fd-kitchen__empty">{t('kitchen.empty')}</p>
  return (
    <div className="fd-kitchen">
      {slots.map((slot) => (
        <KitchenSlotSection key={slot.at ?? 'now'} slot={slot} timeZone={timeZone} now={now} />
      ))}
    </div>
  )
})

function KitchenSlotSection({ slot, timeZone, now }: { slot: KitchenSlot; timeZone: string; now: number }) {
  const t = useT('bo-frontdesk')
  const id = useId()
  const title = slot.at === null ? t('kitchen.now') : when(slot.at, timeZone, now, t)
  return (
    <section className="fd-kitchen__slot" aria-labelledby={id} data-slot={slot.at ?? 'now'}>
      <h2 id={id} className="fd-kitchen__time">
        {slot.at === null ? title : <time dateTime={slot.at}>{title}</time>}{' '}
        <span className="fd-kitchen__orders">{t('kitchen.orders', { count: slot.orderCount })}</span>
      </h2>
      <ul className="fd-kitchen__items">
        {slot.items.map((item) => (
          <li key={item.key} className="fd-kitchen__item">
            <span className="fd-kitchen__amount">{kitchenAmount(t, item)}</span>{' '}
            <span className="fd-kitchen__name">{item.name}</span>
            {item.options.length > 0 ? (
              <span className="fd-kitchen__options"> – {item.options.join('; ')}</span>
            ) : null}
            {item.tickets.length > 0 ? (
              <span className="fd-kitchen__tickets"> ({item.tickets.map((n) => `#${n}`).join(', ')})</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
