import { registry } from '@shop/kit'
import { Counter } from 'prom-client'

// On the process's one registry: the notifier counts the jobs its projection makes, the API the
// staff resends it adds (shop_notifications_sent_total and …_failures_total are the notifier's).
export const notificationsEnqueued = new Counter({
  name: 'shop_notifications_enqueued_total',
  help: 'Notification jobs made from order events and resends',
  labelNames: ['channel', 'kind'] as const,
  registers: [registry],
})
