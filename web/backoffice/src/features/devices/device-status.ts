import { useEffect, useState } from 'react'
import type { Translate } from '../../lib/i18n.tsx'
import { type DeviceStatus, loadStatuses } from './device-api.ts'
import { type Device, isPairable, lastSeenWording } from './device-model.ts'

/** How often the list and the panel ask for the devices' state again. */
export const STATUS_POLL_MS = 10_000

/** The devices' state (GET /api/devices/status), asked again every 10 s; `now` moves with it. */
export function useDeviceStatuses(branch?: string) {
  const [statuses, setStatuses] = useState<Map<string, DeviceStatus> | undefined>()
  const [failed, setFailed] = useState(false)
  const [now, setNow] = useState(() => Date.now())
  const [tick, setTick] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` asks again at once (after a pairing)
  useEffect(() => {
    let stopped = false
    const load = async () => {
      try {
        const answer = await loadStatuses(branch)
        if (stopped) return
        setStatuses(new Map(answer.map((s) => [s.id, s])))
        setFailed(false)
      } catch {
        if (!stopped) setFailed(true)
      }
      if (!stopped) setNow(Date.now())
    }
    void load()
    const timer = setInterval(() => void load(), STATUS_POLL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [branch, tick])
  return { statuses, failed, now, refresh: () => setTick((n) => n + 1) }
}

/** Online / offline / not paired, in words. */
export function stateText(
  t: Translate,
  device: Pick<Device, 'kind'>,
  status: DeviceStatus | undefined,
): string {
  if (!status) return t('state.unknown')
  if (isPairable(device.kind) && !status.paired) return t('state.unpaired')
  return t(status.online ? 'state.online' : 'state.offline')
}

export function lastSeenText(t: Translate, status: DeviceStatus | undefined, now: number): string {
  const wording = lastSeenWording(status?.lastSeenAt ?? null, now)
  return t(wording.key, wording.params)
}
