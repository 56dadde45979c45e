import { paths } from '@shop/ui/routes'
import { Link } from 'react-router'
import type { Translate } from '../../lib/i18n.tsx'
import {
  customerLabel,
  dueOf,
  formatDateTime,
  money,
  orderKindOf,
  paymentMethodText,
  type StaffOrder,
  ticketLabel,
} from './order-view.ts'
import { branchNameOf, type OrdersContext, timeZoneOf } from './orders-data.ts'
import { StatusBadge } from './status-badge.tsx'

/** The order type, with the table for a dine-in order. */
function typeText(order: StaffOrder, t: Translate): string {
  const type = t(`ordering:orderType.${orderKindOf(order)}`)
  return order.isDineIn && order.tableIdentifier
    ? `${type} · ${t('table', { table: order.tableIdentifier })}`
    : type
}

/** When the order is due in the branch's zone, or "as soon as possible". */
function dueText(order: StaffOrder, t: Translate, timeZone: string): string {
  const due = dueOf(order)
  return due ? formatDateTime(due, timeZone) : t('asap')
}

/** The orders as a table (a desktop). */
export function OrderTable({
  orders,
  t,
  context,
  title,
}: {
  orders: StaffOrder[]
  t: Translate
  context: OrdersContext
  title: string
}) {
  const manyBranches = new Set(orders.map((o) => o.branch.id)).size > 1
  return (
    <div className="bo-orders__table-wrap">
      <table className="bo-orders__table">
        <caption className="ui-visually-hidden">{t('list.caption', { title, count: orders.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('column.ticket')}</th>
            <th scope="col">{t('column.createdAt')}</th>
            <th scope="col">{t('column.customer')}</th>
            <th scope="col">{t('column.orderType')}</th>
            <th scope="col">{t('column.dueAt')}</th>
            <th scope="col">{t('column.status')}</th>
            <th scope="col">{t('column.payment')}</th>
            <th scope="col" className="bo-num">
              {t('column.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const zone = timeZoneOf(context, order.branch.id)
            const ticket = ticketLabel(order)
            return (
              <tr key={order.id} data-order-id={order.id}>
                <td>
                  <Link
                    to={paths.backend.order(order.id)}
                    aria-label={t('open', { ticket })}
                    className="bo-orders__ticket"
                  >
                    {ticket}
                  </Link>
                </td>
                <td>{formatDateTime(order.createdAt, zone)}</td>
                <td>
                  {customerLabel(order)}
                  {manyBranches ? (
                    <span className="bo-orders__sub">{branchNameOf(context, order.branch.id)}</span>
                  ) : null}
                </td>
                <td>{typeText(order, t)}</td>
                <td>{dueText(order, t, zone)}</td>
                <td>
                  <StatusBadge status={order.status} t={t} />
                </td>
                <td>
                  {paymentMethodText(order.paymentMethod, t)}
                  <span className="bo-orders__sub">{t(`ordering:paymentStatus.${order.paymentStatus}`)}</span>
                </td>
                <td className="bo-num">{money(order.totalPayable, context.currency)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

/** The orders as cards (a tablet). */
export function OrderCards({
  orders,
  t,
  context,
}: {
  orders: StaffOrder[]
  t: Translate
  context: OrdersContext
}) {
  return (
    <ul className="bo-orders__cards">
      {orders.map((order) => {
        const zone = timeZoneOf(context, order.branch.id)
        const ticket = ticketLabel(order)
        return (
          <li key={order.id} className="ui-card bo-orders__card" data-order-id={order.id}>
            <div className="bo-orders__card-head">
              <Link
                to={paths.backend.order(order.id)}
                aria-label={t('open', { ticket })}
                className="bo-orders__ticket"
              >
                {ticket}
              </Link>
              <StatusBadge status={order.status} t={t} />
            </div>
            <p className="bo-orders__card-customer">{customerLabel(order)}</p>
            <dl className="bo-orders__card-facts">
              <div>
                <dt>{t('column.createdAt')}</dt>
                <dd>{formatDateTime(order.createdAt, zone)}</dd>
              </div>
              <div>
                <dt>{t('column.orderType')}</dt>
                <dd>{typeText(order, t)}</dd>
              </div>
              <div>
                <dt>{t('column.dueAt')}</dt>
                <dd>{dueText(order, t, zone)}</dd>
              </div>
              <div>
                <dt>{t('column.payment')}</dt>
                <dd>
                  {paymentMethodText(order.paymentMethod, t)} ·{' '}
                  {t(`ordering:paymentStatus.${order.paymentStatus}`)}
                </dd>
              </div>
              <div>
                <dt>{t('column.total')}</dt>
                <dd className="bo-num">{money(order.totalPayable, context.currency)}</dd>
              </div>
            </dl>
          </li>
        )
      })}
    </ul>
  )
}
