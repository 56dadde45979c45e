import { Button } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import type { Translate } from '../../lib/i18n.tsx'
import { Section } from './detail-blocks.tsx'
import { money, type StaffOrder } from './order-view.ts'
import type { OrdersContext } from './orders-data.ts'

/** '2 Stück', '500 g': an amount and its unit (counted units by their word). */
export function amountText(amount: number, unit: string, t: Translate): string {
  const number = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 3 }).format(amount)
  const countable = ['piece', 'serving', 'pair', 'person', 'package']
  return countable.includes(unit) ? `${number} ${t(`unit.${unit}`, { count: amount })}` : `${number} ${unit}`
}

/**
 * The ordered items with their parts and prices, each editable while the order allows it; each
 * but the last can be removed then too (an order without items is canceled instead).
 */
export function Items({
  order,
  t,
  context,
  onEdit,
  onRemove = null,
}: {
  order: StaffOrder
  t: Translate
  context: OrdersContext
  onEdit: ((itemId: string) => void) | null
  onRemove?: ((itemId: string) => void) | null
}) {
  const removable = onRemove !== null && order.items.length > 1
  return (
    <Section title={t('detail.items')} testId="order-items">
      <ul className="bo-items">
        {order.items.map((item) => (
          <li key={item.itemId} className="bo-items__row" data-item-id={item.itemId}>
            <div className="bo-items__main">
              <p className="bo-items__name">
                <span className="bo-items__amount">{amountText(item.amount, item.unit, t)}</span> {item.name}
              </p>
              {(item.parts ?? []).some((p) => p.options.length || p.text || p.uploads.length) ? (
                <ul className="bo-items__parts">
                  {(item.parts ?? []).map((part) =>
                    part.options.length || part.text || part.uploads.length ? (
                      <li key={part.name}>
                        <span className="bo-items__part-name">{part.name}:</span>{' '}
                        {[...part.options, ...(part.text ? [`„${part.text}“`] : [])].join(', ')}
                        {part.uploads.map((u) => (
                          <a
                            key={u.id}
                            className="bo-items__upload"
                            href={paths.upload(u)}
                            target="_blank"
                            rel="noreferrer"
                          >
                            {`${u.id}.${u.extension}`}
                          </a>
                        ))}
                      </li>
                    ) : null,
                  )}
                </ul>
              ) : null}
            </div>
            <div className="bo-items__price">
              <span className="bo-num" data-testid="item-total">
                {item.isPriceHidden ? t('detail.priceHidden') : money(item.total, context.currency)}
              </span>
              {!item.isPriceHidden && item.amount !== 1 ? (
                <span className="bo-orders__sub bo-num">
                  {t('detail.unitPrice')} {money(item.unitPrice, context.currency)}
                </span>
              ) : null}
            </div>
            {onEdit || removable ? (
              <div className="bo-items__actions">
                {onEdit ? (
                  <Button
                    variant="ghost"
                    small
                    aria-label={t('detail.editItemLabel', { name: item.name })}
                    onClick={() => onEdit(item.itemId)}
                  >
                    {t('detail.editItem')}
                  </Button>
                ) : null}
                {removable ? (
                  <Button
                    variant="ghost"
                    small
                    data-action="remove-item"
                    aria-label={t('detail.removeItemLabel', { name: item.name })}
                    onClick={() => onRemove?.(item.itemId)}
                  >
                    {t('detail.removeItem')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  )
}
