import type { Translate } from '../../lib/i18n.tsx'
import { Fact, Lines, Section } from './detail-blocks.tsx'
import {
  addressLines,
  customerLabel,
  dueOf,
  formatDateTime,
  orderKindOf,
  type StaffOrder,
} from './order-view.ts'

/** The customer: name, company, contact, the billing and delivery addresses and the delivery area. */
export function Customer({ order, t }: { order: StaffOrder; t: Translate }) {
  const c = order.customer
  const billing = addressLines(c.address ?? null)
  const delivery = addressLines(order.deliveryAddress)
  return (
    <Section title={t('detail.customer')}>
      <dl className="bo-facts">
        <Fact label={t('detail.name')}>
          {[c.firstName, c.lastName].filter(Boolean).join(' ') || customerLabel(order)}
        </Fact>
        <Fact label={t('detail.company')}>{c.isCompany || c.companyName ? c.companyName : null}</Fact>
        <Fact label={t('detail.vatNo')}>{c.vatNo}</Fact>
        <Fact label={t('detail.email')}>{c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : null}</Fact>
        <Fact label={t('detail.phone')}>
          {c.phone ? <a href={`tel:${c.phone.replace(/\s/g, '')}`}>{c.phone}</a> : null}
        </Fact>
        <Fact label={t('detail.billingAddress')}>{billing.length ? <Lines lines={billing} /> : null}</Fact>
        <Fact label={t('detail.deliveryAddress')}>{delivery.length ? <Lines lines={delivery} /> : null}</Fact>
        <Fact label={t('detail.deliveryArea')}>{order.deliveryArea}</Fact>
      </dl>
    </Section>
  )
}

/** The order: type, table, appointment and due time, pre-order or quotation, comment and the reasons of a refusal. */
export function OrderFacts({ order, t, zone }: { order: StaffOrder; t: Translate; zone: string }) {
  const type = t(`ordering:orderType.${orderKindOf(order)}`)
  const due = dueOf(order)
  return (
    <Section title={t('detail.order')}>
      <dl className="bo-facts">
        <Fact label={t('detail.orderType')}>{type}</Fact>
        <Fact label={t('detail.table')}>{order.isDineIn ? order.tableIdentifier : null}</Fact>
        <Fact label={t('detail.appointment')}>
          {order.appointmentDate ? formatDateTime(order.appointmentDate, zone) : t('asap')}
        </Fact>
        <Fact label={t('detail.dueAt')}>{due ? formatDateTime(due, zone) : t('asap')}</Fact>
        <Fact label={t('detail.counterAppointment')}>
          {order.counterAppointmentStatus !== 'none'
            ? `${t(`ordering:counterAppointmentStatus.${order.counterAppointmentStatus}`)}${
                order.counterAppointment ? ` (${formatDateTime(order.counterAppointment, zone)})` : ''
              }`
            : null}
        </Fact>
        <Fact label={t('detail.preorder')}>{order.isPreorder ? t('detail.yes') : null}</Fact>
        <Fact label={t('detail.quotation')}>{order.isQuotation ? t('detail.yes') : null}</Fact>
        <Fact label={t('detail.comment')}>
          {order.comment ? <q className="bo-order__comment">{order.comment}</q> : null}
        </Fact>
        <Fact label={t('detail.rejectionMessage')}>{order.rejectionMessage}</Fact>
        <Fact label={t('detail.cancelReason')}>{order.cancelReason}</Fact>
        <Fact label={t('detail.failureReason')}>{order.failureReason}</Fact>
      </dl>
    </Section>
  )
}
