import { registry } from '@shop/kit'
import { Counter } from 'prom-client'

// On the process's one registry, so /metrics of the notifier (and of the all-in-one process)
// shows them.
export const notifierMetrics = {
  enqueued: new Counter({
    name: 'shop_notifications_enqueued_total',
    help: 'Notification jobs made from order events and resends',
    labelNames: ['channel', 'kind'] as const,
    registers: [registry],
  }),
  sent: new Counter({
    name: 'shop_notifications_sent_total',
    help: 'Notifications accepted by their transport',
    labelNames: ['channel', 'kind'] as const,
    registers: [registry],
  }),
  failures: new Counter({
    name: 'shop_notification_failures_total',
    help: 'Failed notification attempts; final = no further attempt',
    labelNames: ['channel', 'kind', 'final'] as const,
    registers: [registry],
  }),
}
