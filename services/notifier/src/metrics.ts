import { registry } from '@shop/kit'
import { notificationsEnqueued } from '@shop/read-models/notifications'
import { Counter } from 'prom-client'

// On the process's one registry, so /metrics of the notifier (and of the all-in-one process)
// shows them.
export const notifierMetrics = {
  /** Jobs made (by the notifications projection and by staff resends). */
  enqueued: notificationsEnqueued,
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
