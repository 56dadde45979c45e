import {
  DEFAULT_PRINTER_PORT,
  type DeviceKind,
  PRINT_PURPOSES,
  type PrintPurpose,
} from '@shop/shared/contracts/http/resources.http.ts'
import type { StoredResource } from '../../lib/resources.ts'

// The device registry's pure parts (issue 21 point 1): the editor's form and body, how "last
// seen" reads, which devices pair. Unit tested (device-model.unit.test.ts).

/** A device as GET /api/devices answers it. */
export type Device = StoredResource & {
  identifier?: string | null
  name?: string
  kind?: DeviceKind
  branch?: { id: string } | null
  host?: string | null
  port?: number
  paperWidth?: 80 | 58
  codePage?: string
  purposes?: PrintPurpose[]
}

export type DeviceForm = {
  name: string
  kind: DeviceKind
  branch: string | null
  host: string
  port: number | null
  paperWidth: '80' | '58'
  codePage: string
  purposes: string[]
}

export const PAIRABLE_KINDS: readonly DeviceKind[] = ['board', 'signage']

export function isPairable(kind: DeviceKind | undefined): boolean {
  return kind !== undefined && PAIRABLE_KINDS.includes(kind)
}

export function deviceToForm(item: StoredResource | null, defaults: Partial<DeviceForm> = {}): DeviceForm {
  const d = item as Device | null
  return {
    name: d?.name ?? defaults.name ?? '',
    kind: d?.kind ?? defaults.kind ?? 'printer',
    branch: d?.branch?.id ?? defaults.branch ?? null,
    host: d?.host ?? '',
    port: d?.port ?? DEFAULT_PRINTER_PORT,
    paperWidth: d?.paperWidth === 58 ? '58' : '80',
    codePage: d?.codePage ?? 'cp858',
    purposes: d?.purposes ?? [],
  }
}

/**
 * The body the contract takes. A board or signage screen keeps no printer fields (the defaults);
 * the purposes keep the contract's order.
 */
export function deviceToBody(
  values: DeviceForm,
  item: StoredResource | null = null,
): Record<string, unknown> {
  const d = item as Device | null
  const printer = values.kind === 'printer'
  return {
    identifier: d?.identifier ?? null,
    name: values.name,
    kind: values.kind,
    branch: values.branch ? { id: values.branch } : null,
    host: printer ? values.host.trim() || null : null,
    port: printer ? (values.port ?? DEFAULT_PRINTER_PORT) : DEFAULT_PRINTER_PORT,
    paperWidth: printer && values.paperWidth === '58' ? 58 : 80,
    codePage: values.codePage,
    purposes: printer ? PRINT_PURPOSES.filter((p) => values.purposes.includes(p)) : [],
  }
}

/** A text of bo-devices with its parameters. */
export type Wording = { key: string; params?: Record<string, number> }

/**
 * "zuletzt gesehen vor 3 Min.": how long ago a device was last heard of, in whole minutes below
 * an hour, whole hours below a day, then days; "gerade eben" below a minute; never when null.
 */
export function lastSeenWording(lastSeenAt: string | null, now: number): Wording {
  if (lastSeenAt === null) return { key: 'lastSeen.never' }
  const ms = Math.max(0, now - Date.parse(lastSeenAt))
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 1) return { key: 'lastSeen.justNow' }
  if (minutes < 60) return { key: 'lastSeen.minutes', params: { count: minutes } }
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return { key: 'lastSeen.hours', params: { count: hours } }
  return { key: 'lastSeen.days', params: { count: Math.floor(hours / 24) } }
}

/** The code as the screen shows it: upper case, no spaces or dashes (typed "abc 234" is ABC234). */
export function normalizeCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase()
}
