import { buttonClass, Icon } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { apiGet, publicClient } from '../../lib/api.ts'
import { accessHeaders } from '../../lib/branch-ops/branch-ops-api.ts'
import { useT } from '../../lib/i18n.tsx'
import type { BoardAccess } from './board-api.ts'
import { type DeviceStatus, PRINTER_STATUS_POLL_MS, printerLines } from './printer-status-model.ts'

/**
 * The branch's devices as GET /api/devices/status tells them (every 10 s): with the staff session,
 * or on the counter tablet with the branch's api key. Undefined until the first answer; a failure
 * keeps the last answer (the board's own banner tells of the network).
 */
export function usePrinterStatus(access: BoardAccess): DeviceStatus[] | undefined {
  const [statuses, setStatuses] = useState<DeviceStatus[] | undefined>()
  const own = access.kind === 'session' ? undefined : JSON.stringify(accessHeaders(access))
  useEffect(() => {
    let stopped = false
    const path = `/devices/status?${new URLSearchParams({ branch: access.branchId })}`
    const load = async () => {
      try {
        const answer = own
          ? await publicClient.request<DeviceStatus[]>('GET', path, undefined, {
              headers: JSON.parse(own) as Record<string, string>,
            })
          : await apiGet<DeviceStatus[]>(path)
        if (!stopped) setStatuses(answer)
      } catch {
        // offline or refused: the last answer stays
      }
    }
    void load()
    const timer = setInterval(() => void load(), PRINTER_STATUS_POLL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [access.branchId, own])
  return statuses
}

/**
 * The board header's printer indicator (issue 21 point 2): a dot per printer of the branch
 * (online / offline) and, when one is unreachable or jobs failed, the warning in words; the staff
 * board links to the printer's page, where failed receipts are printed again.
 */
export function PrinterStatus({ access }: { access: BoardAccess }) {
  const t = useT('bo-frontdesk')
  const statuses = usePrinterStatus(access)
  const lines = useMemo(() => printerLines(statuses ?? [], t('printer.unnamed')), [statuses, t])
  const warnings = lines.filter((l) => l.warning !== null)
  return (
    <div className="fd-printers" data-printers={lines.length}>
      {lines.length > 0 ? (
        <ul className="fd-printers__list" aria-label={t('printer.list')}>
          {lines.map((line) => (
            <li
              key={line.id}
              className={`fd-printer fd-printer--${line.online ? 'online' : 'offline'}`}
              data-printer={line.id}
              data-online={line.online ? 'true' : 'false'}
            >
              <span className="fd-printer__dot" aria-hidden="true" />
              <Icon name="printer" />
              {t(line.online ? 'printer.online' : 'printer.offlineShort', { name: line.name })}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="fd-printers__warnings" role="status">
        {warnings.map((line) => (
          <p key={line.id} className="fd-printers__warning" data-printer-warning={line.id}>
            <Icon name="warning" />
            <strong>{line.warning ? t(line.warning.key, line.warning.params) : null}</strong>
            {access.kind === 'session' ? (
              <Link
                className={buttonClass('secondary', { small: true })}
                to={paths.backend.resource('devices', line.id)}
              >
                {t('printer.retry')}
              </Link>
            ) : null}
          </p>
        ))}
      </div>
    </div>
  )
}
