import { z } from 'zod'
import { DEVICE_KINDS, PRINT_PURPOSES } from './resources.http.ts'
import { isoInstantSchema } from './responses.http.ts'

// Devices (issue 21; docs/devices.md): pairing of boards and signage screens, their credential,
// heartbeats and logs, the device status, commands over the gateway, printers' jobs and tests.
// The device resource itself (name, branch, kind, printer fields) is in resources.http.ts.

/** The characters of a pairing code: no 0/O, 1/I to mix up. */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const PAIRING_CODE_LENGTH = 6
/** How long a pairing code is valid. */
export const PAIRING_TTL_MS = 10 * 60_000
/** A paired device counts as online this long after its last heartbeat, a printer after its last contact. */
export const DEVICE_ONLINE_MS = 60_000
/** The header of a pairing's poll. */
export const PAIRING_SECRET_HEADER = 'x-pairing-secret'
/** How a device authenticates over HTTP: `Authorization: Device <credential>`. */
export const DEVICE_AUTH_SCHEME = 'Device'

export const pairableKindSchema = z.enum(['board', 'signage'])

/** POST /api/device-pairing (the screen, no login) */
export const startPairingBodySchema = z
  .strictObject({ kind: pairableKindSchema })
  .meta({ id: 'StartPairing' })
export type StartPairingBody = z.output<typeof startPairingBodySchema>

export const pairingStartedSchema = z
  .object({
    pairingId: z.string(),
    /** 6 characters of PAIRING_CODE_ALPHABET, shown big on the screen. */
    code: z.string(),
    /** Sent back as X-Pairing-Secret when polling; shown to nobody. */
    secret: z.string(),
    expiresAt: isoInstantSchema,
  })
  .meta({ id: 'PairingStarted' })

/** GET /api/device-pairing/{pairingId}: the credential once, then `claimed`. */
export const pairingStatusSchema = z
  .object({
    status: z.enum(['pending', 'paired', 'claimed']),
    /** With `paired` only. */
    deviceId: z.string().optional(),
    /** With `paired` only: the device's credential, handed out this once. */
    credential: z.string().optional(),
  })
  .meta({ id: 'PairingStatus' })
export type PairingStatus = z.output<typeof pairingStatusSchema>

/** POST /api/devices/{id}/pair (admins) */
export const pairDeviceBodySchema = z
  .strictObject({ code: z.string().trim().min(1).max(20) })
  .meta({ id: 'PairDevice' })

/** POST /api/device/heartbeat (the device) */
export const deviceHeartbeatBodySchema = z
  .strictObject({
    version: z.string().max(100).optional(),
    info: z.record(z.string().max(100), z.unknown()).optional(),
  })
  .meta({ id: 'DeviceHeartbeat' })

/** The device's own view (heartbeat answer, GET /api/device/me). */
export const deviceSelfSchema = z
  .object({
    deviceId: z.string(),
    kind: z.enum(DEVICE_KINDS),
    branch: z.string().nullable(),
    name: z.string(),
    serverTime: isoInstantSchema,
  })
  .meta({ id: 'DeviceSelf' })
export type DeviceSelf = z.output<typeof deviceSelfSchema>

export const DEVICE_LOG_MAX_LINES = 500
export const DEVICE_LOG_MAX_LINE = 200

/** POST /api/device/logs (the device) */
export const deviceLogsBodySchema = z
  .strictObject({
    lines: z.array(z.string().max(DEVICE_LOG_MAX_LINE)).max(DEVICE_LOG_MAX_LINES),
  })
  .meta({ id: 'DeviceLogLines' })

/** GET /api/devices/{id}/logs */
export const deviceLogsSchema = z
  .object({
    requestedAt: isoInstantSchema.nullable(),
    receivedAt: isoInstantSchema.nullable(),
    lines: z.array(z.string()),
  })
  .meta({ id: 'DeviceLogs' })
export type DeviceLogs = z.output<typeof deviceLogsSchema>

/** One entry of GET /api/devices/status[?branch=] */
export const deviceStatusSchema = z
  .object({
    id: z.string(),
    kind: z.enum(DEVICE_KINDS),
    /** The device's name (the board names its printers by it). */
    name: z.string(),
    branch: z.string().nullable(),
    /** Boards and signage: a credential is in force. Printers: always false (they never pair). */
    paired: z.boolean(),
    /** Paired devices: a heartbeat in the last 60 s. Printers: a TCP contact (job or probe) in the last 60 s. */
    online: z.boolean(),
    lastSeenAt: isoInstantSchema.nullable(),
    lastError: z.string().nullable(),
    /** Printers: jobs given up (failed) or still retrying after an error. */
    failedJobs: z.int(),
  })
  .meta({ id: 'DeviceStatus' })
export type DeviceStatus = z.output<typeof deviceStatusSchema>

export const deviceStatusQuerySchema = z.object({
  branch: z.string().min(1).max(64).optional().describe('Only the devices of this branch'),
})

export const PRINT_JOB_STATUSES = ['pending', 'printed', 'failed'] as const

/** One entry of GET /api/devices/{id}/jobs */
export const printJobSchema = z
  .object({
    id: z.string(),
    deviceId: z.string(),
    orderId: z.string().nullable(),
    purpose: z.union([z.enum(PRINT_PURPOSES), z.literal('test')]),
    status: z.enum(PRINT_JOB_STATUSES),
    attempts: z.int(),
    lastError: z.string().nullable(),
    createdAt: isoInstantSchema,
    nextAttemptAt: isoInstantSchema.nullable(),
    printedAt: isoInstantSchema.nullable(),
  })
  .meta({ id: 'PrintJob' })
export type PrintJob = z.output<typeof printJobSchema>

/** The commands a device takes over the gateway (signage adds its own types on the same path). */
export const deviceCommandTypeSchema = z.enum([
  'notify',
  'requestLogs',
  'reload',
  'showSegment',
  'identify',
  'abort',
])
export type DeviceCommandType = z.output<typeof deviceCommandTypeSchema>

/** The command as the device receives it on its socket. */
export type DeviceCommand = { commandId: string; type: DeviceCommandType; payload?: unknown }

/** A device's answer to a command (sent on its socket, forwarded by the gateway). */
export type DeviceAck = { commandId: string; ok: boolean; error?: string }

/** The answer of the test and command routes that succeed. */
export const deviceTestResultSchema = z.object({ ok: z.literal(true) }).meta({ id: 'DeviceTestResult' })

/** POST /api/devices/{id}/request-device-logs: 202 for a paired device (the log follows), 200 for a printer. */
export const deviceLogsRequestedSchema = z
  .object({ requested: z.boolean(), lines: z.array(z.string()).optional() })
  .meta({ id: 'DeviceLogsRequested' })
