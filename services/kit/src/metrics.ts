import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

// One registry per process; every service exposes it on /metrics.
export const registry = new Registry()
let defaultsCollected = false

export function collectProcessMetrics(): void {
  if (defaultsCollected) return
  defaultsCollected = true
  collectDefaultMetrics({ register: registry })
}

export const metrics = {
  commands: new Counter({
    name: 'shop_commands_total',
    help: 'Commands handled, by command and outcome',
    labelNames: ['command', 'outcome'] as const,
    registers: [registry],
  }),
  appends: new Counter({
    name: 'shop_appends_total',
    help: 'Successful appends to the event store',
    registers: [registry],
  }),
  appendedEvents: new Counter({
    name: 'shop_appended_events_total',
    help: 'Events appended to the event store',
    registers: [registry],
  }),
  conflicts: new Counter({
    name: 'shop_append_conflicts_total',
    help: 'Appends refused for a wrong expected version',
    registers: [registry],
  }),
  published: new Counter({
    name: 'shop_published_events_total',
    help: 'Events published to the bus and acknowledged',
    registers: [registry],
  }),
  publishLag: new Gauge({
    name: 'shop_publish_lag_seconds',
    help: 'Age of the newest event at the moment it was published',
    registers: [registry],
  }),
  projectionLag: new Gauge({
    name: 'shop_projection_lag_seconds',
    help: 'Age of the newest event at the moment its projection committed',
    labelNames: ['projection'] as const,
    registers: [registry],
  }),
  projectedEvents: new Counter({
    name: 'shop_projected_events_total',
    help: 'Events applied to read models',
    labelNames: ['projection'] as const,
    registers: [registry],
  }),
  sockets: new Gauge({
    name: 'shop_ws_sockets',
    help: 'Open WebSocket connections',
    registers: [registry],
  }),
  wsMessages: new Counter({
    name: 'shop_ws_messages_total',
    help: 'Messages pushed to WebSocket clients',
    registers: [registry],
  }),
  wsRefused: new Counter({
    name: 'shop_ws_refused_total',
    help: 'WebSocket connections refused or closed by a limit (connections, messages, buffer)',
    labelNames: ['reason'] as const,
    registers: [registry],
  }),
  wsResyncs: new Counter({
    name: 'shop_ws_resyncs_total',
    help: 'Times a gateway read its rooms again after live messages may have been lost',
    registers: [registry],
  }),
  httpDuration: new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  }),
}
