import type { DeviceStatus } from '@shop/shared/contracts/http/devices.http.ts'

export type { DeviceStatus }

// The board's printer indicator (issue 21 point 2), its pure part: which printers of the branch
// need attention and how the warning reads. Unit tested (printer-status-model.unit.test.ts).

/** How often the board asks again (the status has no live channel of its own). */
export const PRINTER_STATUS_POLL_MS = 10_000

/** A text of bo-frontdesk with its parameters (the component translates it). */
export type Wording = { key: string; params: Record<string, string | number> }

export type PrinterLine = {
  id: string
  name: string
  online: boolean
  failedJobs: number
  /** The warning to show, or null when the printer is fine. */
  warning: Wording | null
}

/**
 * The branch's printers, in name order, each with its warning: offline ("nicht erreichbar"), jobs
 * that failed ("2 Bons nicht gedruckt"), or both in one sentence. `fallbackName` stands in for an
 * empty name.
 */
export function printerLines(statuses: readonly DeviceStatus[], fallbackName = ''): PrinterLine[] {
  return statuses
    .filter((s) => s.kind === 'printer')
    .map((s) => {
      const name = s.name.trim() || fallbackName
      const failed = Math.max(0, s.failedJobs)
      const warning: Wording | null = !s.online
        ? failed > 0
          ? { key: 'printer.offlineFailed', params: { name, count: failed } }
          : { key: 'printer.offline', params: { name } }
        : failed > 0
          ? { key: 'printer.failed', params: { name, count: failed } }
          : null
      return { id: s.id, name, online: s.online, failedJobs: failed, warning }
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'de-CH') || a.id.localeCompare(b.id))
}
