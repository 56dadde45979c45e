import { randomUUID } from 'node:crypto'
import type { Bus } from '@shop/kit'
import type { DeviceAck, DeviceCommand, DeviceCommandType } from '@shop/shared/contracts'
import { deviceAckSubject, deviceCommandSubject } from '@shop/shared/contracts/subjects'

export type DeviceCommandDeps = { bus: Pick<Bus, 'root' | 'publishLive' | 'subscribeLive'> }

export type DeviceCommandResult = {
  ok: boolean
  error?: string
  /** No answer within the timeout: the device is not connected, or did not answer. */
  timedOut?: boolean
}

export const DEFAULT_COMMAND_TIMEOUT_MS = 5000

/**
 * Sends a command to a paired device over the gateway and waits for its acknowledgement
 * (docs/devices.md "The device protocol"): published on `<root>_live.device.<id>.command`, which
 * the gateway holding the device's socket pushes to it as `{ type: 'command', commandId, command,
 * payload }`; the device's `{ type: 'ack', commandId, ok, error? }` comes back on
 * `<root>_live.device.<id>.ack`. Not stored: a device that is not connected never answers, and
 * the result is `{ ok: false, timedOut: true }` after `timeoutMs`.
 */
export function sendDeviceCommand(
  deps: DeviceCommandDeps,
  deviceId: string,
  command: { type: DeviceCommandType; payload?: unknown },
  opts: { timeoutMs?: number } = {},
): Promise<DeviceCommandResult> {
  const commandId = randomUUID()
  const timeoutMs = opts.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS
  return new Promise((resolve) => {
    let done = false
    const finish = (result: DeviceCommandResult) => {
      if (done) return
      done = true
      clearTimeout(timer)
      unsubscribe()
      resolve(result)
    }
    // Subscribed before the command leaves: the answer cannot overtake the subscription.
    const unsubscribe = deps.bus.subscribeLive(
      deviceAckSubject(deps.bus.root, deviceId),
      (_subject, json) => {
        let ack: DeviceAck
        try {
          ack = JSON.parse(json) as DeviceAck
        } catch {
          return
        }
        if (ack.commandId !== commandId) return
        finish(
          ack.ok
            ? { ok: true }
            : { ok: false, error: typeof ack.error === 'string' && ack.error !== '' ? ack.error : 'refused' },
        )
      },
    )
    const timer = setTimeout(() => finish({ ok: false, error: 'timeout', timedOut: true }), timeoutMs)
    const message: DeviceCommand = {
      commandId,
      type: command.type,
      ...(command.payload === undefined ? {} : { payload: command.payload }),
    }
    deps.bus.publishLive(deviceCommandSubject(deps.bus.root, deviceId), JSON.stringify(message))
  })
}
