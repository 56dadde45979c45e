import {
  type BranchDirectory,
  type Bus,
  type Db,
  HttpError,
  type Limits,
  msg,
  SHOP_CONFIG_ID,
  safeEqual,
} from '@shop/kit'
import {
  claimPairingCredential,
  credentialHash,
  type DeviceConfig,
  deviceStatusRows,
  dropUnclaimedPairingCredentials,
  findDevice,
  findDeviceLogs,
  findDevicePairing,
  findResource,
  isDevicePaired,
  listDevices,
  listPrintJobs,
  markDeviceError,
  markDeviceLogsRequested,
  markDeviceSeen,
  pairDevice,
  retryPrintJob,
  revokeDeviceCredential,
  startDevicePairing,
  storeDeviceLogs,
  verifyDeviceCredential,
} from '@shop/read-models'
import {
  DEFAULT_TIME_ZONE,
  encodeEscPos,
  formatDateTime,
  layoutWidthOf,
  PrinterError,
  type PrintLine,
  sendToPrinter,
} from '@shop/read-models/print'
import {
  DEVICE_AUTH_SCHEME,
  DEVICE_ONLINE_MS,
  type DeviceKind,
  dataOf,
  deviceHeartbeatBodySchema,
  deviceLogsBodySchema,
  deviceLogsRequestedSchema,
  deviceLogsSchema,
  deviceSelfSchema,
  deviceStatusQuerySchema,
  deviceStatusSchema,
  deviceTestResultSchema,
  PAIRING_SECRET_HEADER,
  pairDeviceBodySchema,
  pairingStartedSchema,
  pairingStatusSchema,
  printJobSchema,
  resourceItemSchema,
  startPairingBodySchema,
} from '@shop/shared/contracts'
import { deviceRevokedSubject } from '@shop/shared/contracts/subjects'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AUTH_MESSAGES, hasRole, ROLE_ADMIN, requireRole, requireStaff } from '../auth/guard.ts'
import { hasBoardCredential, requireBoardFor } from '../http-helpers.ts'
import { apiKeyHeaders, beforeValidation, errorAnswers, idParams, typed } from '../http-schemas.ts'
import { rateLimit } from '../limits/rate-limit.ts'
import { sendDeviceCommand } from './device-commands.ts'

// Devices (issue 21; docs/devices.md, docs/api.md "Devices"): pairing of boards and signage
// screens, their credential (hashed), heartbeats, logs and status; commands over the gateway with
// acknowledgement; printers' test print and their print jobs. The device resource itself is the
// plain CRUD of /api/devices (resources).

export type DeviceRouteDeps = {
  db: Db
  bus: Bus
  now: () => Date
  limits: Limits
  /** How long the test notification and the log request wait for the device's ack. */
  commandTimeoutMs?: number
  /** How long a test print waits for the printer. */
  printerTimeoutMs?: number
  /** The branches' api keys: the counter tablet's board reads its printers' status with one. */
  branches?: BranchDirectory
}

const TAGS = ['devices']
const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null)

const DEVICE_NOT_FOUND = msg('deviceNotFound')
const TEST_FAILED = msg('deviceTestFailed')
const LOGS_FAILED = msg('deviceLogsFailed')

/** The paired device of the request (`Authorization: Device <credential>`), or 401. */
export async function requireDevice(
  db: Db,
  req: FastifyRequest,
): Promise<{ deviceId: string; kind: DeviceKind; branch: string | null }> {
  const header = req.headers.authorization
  const [scheme, credential] = typeof header === 'string' ? header.trim().split(/\s+/, 2) : []
  if (scheme !== DEVICE_AUTH_SCHEME || !credential) throw new HttpError(401, msg('deviceCredentialInvalid'))
  const device = await verifyDeviceCredential(db, credential)
  if (!device) throw new HttpError(401, msg('deviceCredentialInvalid'))
  return device
}

const deviceAuthHeaders = z.looseObject({
  authorization: z
    .string()
    .optional()
    .describe('`Device <credential>`: the credential the pairing handed out'),
})

/** The test receipt: shop, branch, printer, date and time, and the code page's special characters. */
async function testReceipt(db: Db, device: DeviceConfig, now: Date): Promise<PrintLine[]> {
  const [config, branch] = await Promise.all([
    findResource(db, 'config', SHOP_CONFIG_ID),
    device.branch ? findResource(db, 'branch', device.branch) : undefined,
  ])
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null)
  const zone = text(branch?.data.timeZone) ?? DEFAULT_TIME_ZONE
  const width = layoutWidthOf(device.paperWidth)
  const rule: PrintLine = { text: '-'.repeat(width) }
  const lines: PrintLine[] = [
    { text: text(config?.data.shopName) ?? 'Shop', bold: true },
    { text: text(branch?.data.name) ?? '' },
    rule,
    { text: 'Testdruck', bold: true, double: true },
    rule,
    { text: `Drucker: ${device.name}` },
    { text: `Adresse: ${device.host ?? ''}:${device.port}` },
    { text: `Papier: ${device.paperWidth} mm, Codepage ${device.codePage.toUpperCase()}` },
    { text: `Zeit: ${formatDateTime(now, zone)}` },
    { text: 'Zeichen: äöü àéè €' },
    rule,
  ]
  return lines.map((l) => ({ ...l, text: l.text.slice(0, l.double ? Math.floor(width / 2) : width) }))
}

export async function deviceRoutes(app: FastifyInstance, deps: DeviceRouteDeps): Promise<void> {
  const api = typed(app)
  const admin = beforeValidation((req) => requireRole(req, ROLE_ADMIN))
  // The counter tablet's board (no session) shows its branch's printers (issue 21 point 2): the
  // branch's api key (X-Api-Key, as on the board's other routes) or a paired board device of the
  // branch admits it to the status of that branch only (`?branch=` required); without either, a
  // staff session as before.
  const staffOrBranchKey = beforeValidation(async (req) => {
    if (!hasBoardCredential(req)) return requireStaff(req)
    const branch = (req.query as { branch?: unknown }).branch
    if (typeof branch !== 'string' || !deps.branches) throw new HttpError(403, msg('accessDenied'))
    await requireBoardFor(req, { db: deps.db, branches: deps.branches }, branch)
    return undefined
  })
  const device = beforeValidation((req) => requireDevice(deps.db, req))
  const commandTimeoutMs = deps.commandTimeoutMs ?? 5000

  const deviceOr404 = async (id: string) => {
    const found = await findDevice(deps.db, id)
    if (!found) throw new HttpError(404, DEVICE_NOT_FOUND, 'id')
    return found
  }
  const selfOf = async (d: { deviceId: string }) => {
    const config = await deviceOr404(d.deviceId)
    return {
      deviceId: config.id,
      kind: config.kind,
      branch: config.branch,
      name: config.name,
      serverTime: deps.now().toISOString(),
    }
  }

  // --- pairing: the screen ------------------------------------------------------------------

  api.post(
    '/api/device-pairing',
    {
      config: rateLimit('orders'),
      schema: {
        summary:
          'Start pairing a board or signage screen (no login): a 6-character code to show, valid 10 minutes, and a secret to poll with',
        tags: TAGS,
        body: startPairingBodySchema,
        response: { 201: dataOf(pairingStartedSchema), ...errorAnswers(400, 429) },
      },
    },
    async (req, reply) => {
      // Requests nobody paired are kept a day (for a look in the database), then removed; a code
      // valid twice at once would pair the wrong screen: drawn again (30^6 codes).
      const { pairingId, code, secret, expiresAt } = await startDevicePairing(
        deps.db,
        req.body.kind,
        deps.now(),
      )
      reply.code(201)
      return { data: { pairingId, code, secret, expiresAt: expiresAt.toISOString() } }
    },
  )

  api.get(
    '/api/device-pairing/:pairingId',
    {
      schema: {
        summary:
          "A pairing's state (the screen polls with X-Pairing-Secret): pending; paired with the device's credential, once; then claimed",
        tags: TAGS,
        params: z.object({ pairingId: z.string().max(100) }),
        headers: z.looseObject({
          [PAIRING_SECRET_HEADER]: z.string().optional().describe('The secret the pairing answered with'),
        }),
        response: { 200: dataOf(pairingStatusSchema), ...errorAnswers(404) },
      },
    },
    async (req) => {
      const notFound = new HttpError(404, msg('pairingNotFound'))
      const given = req.headers[PAIRING_SECRET_HEADER]
      const secret = Array.isArray(given) ? given[0] : given
      if (!secret || !/^[0-9a-f-]{36}$/.test(req.params.pairingId)) throw notFound
      const pairing = await findDevicePairing(deps.db, req.params.pairingId)
      if (!pairing || !safeEqual(pairing.secretHash, credentialHash(secret))) throw notFound
      if (pairing.deviceId === null) {
        if (new Date(pairing.expiresAt).getTime() <= deps.now().getTime()) throw notFound
        return { data: { status: 'pending' as const } }
      }
      // Handed out exactly once: the row that still holds it is cleared by the one poll that reads it.
      const claimed = await claimPairingCredential(deps.db, pairing.pairingId, deps.now())
      if (claimed)
        return {
          data: { status: 'paired' as const, deviceId: claimed.deviceId, credential: claimed.credential },
        }
      return { data: { status: 'claimed' as const } }
    },
  )

  // --- pairing and revocation: the back-office ----------------------------------------------

  api.post(
    '/api/devices/:id/pair',
    {
      preValidation: admin.preValidation,
      schema: {
        summary:
          'Pair a board or signage screen with the code it shows (admins); pairing again replaces its credential',
        tags: TAGS,
        params: idParams,
        body: pairDeviceBodySchema,
        response: { 200: dataOf(resourceItemSchema('device')), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const target = await deviceOr404(req.params.id)
      const invalid = new HttpError(400, msg('pairingCodeInvalid'), 'code')
      if (target.kind === 'printer') throw invalid
      const code = req.body.code.toUpperCase().replace(/[\s-]/g, '')
      // The open pairing with this code gets the new credential, and the device's is replaced.
      const paired = await pairDevice(deps.db, target, code, deps.now())
      if (!paired) throw invalid
      // The old credential's sockets (pairing again replaces it) are closed.
      deps.bus.publishLive(
        deviceRevokedSubject(deps.bus.root, target.id),
        JSON.stringify({ deviceId: target.id }),
      )
      const row = await findResource(deps.db, 'device', target.id)
      return { data: { ...row!.data, id: row!.id, version: row!.version } as never }
    },
  )

  api.post(
    '/api/devices/:id/revoke',
    {
      preValidation: admin.preValidation,
      schema: {
        summary:
          "Revoke a paired device's credential (admins): it stops working at once, its socket is closed",
        tags: TAGS,
        params: idParams,
        response: { 200: dataOf(z.object({ revoked: z.boolean() })), ...errorAnswers(401, 403, 404) },
      },
    },
    async (req) => {
      const target = await deviceOr404(req.params.id)
      const revoked = await revokeDeviceCredential(deps.db, target.id)
      // A credential not yet fetched by its screen is gone too.
      await dropUnclaimedPairingCredentials(deps.db, target.id)
      deps.bus.publishLive(
        deviceRevokedSubject(deps.bus.root, target.id),
        JSON.stringify({ deviceId: target.id }),
      )
      return { data: { revoked } }
    },
  )

  // --- the device itself --------------------------------------------------------------------

  api.post(
    '/api/device/heartbeat',
    {
      preValidation: device.preValidation,
      schema: {
        summary: 'A paired device says it is alive (Authorization: Device <credential>); answers who it is',
        tags: TAGS,
        headers: deviceAuthHeaders,
        body: deviceHeartbeatBodySchema,
        response: { 200: dataOf(deviceSelfSchema), ...errorAnswers(400, 401, 404) },
      },
    },
    async (req) => {
      const d = device.of(req)
      const self = await selfOf(d)
      await markDeviceSeen(deps.db, d.deviceId, deps.now(), {
        version: req.body.version ?? null,
        ...(req.body.info === undefined ? {} : { info: req.body.info }),
      })
      return { data: self }
    },
  )

  api.get(
    '/api/device/me',
    {
      preValidation: device.preValidation,
      schema: {
        summary: 'The paired device that asks (Authorization: Device <credential>)',
        tags: TAGS,
        headers: deviceAuthHeaders,
        response: { 200: dataOf(deviceSelfSchema), ...errorAnswers(401, 404) },
      },
    },
    async (req) => ({ data: await selfOf(device.of(req)) }),
  )

  api.post(
    '/api/device/logs',
    {
      preValidation: device.preValidation,
      schema: {
        summary:
          'A paired device sends its recent log (at most 500 lines of 200 characters), usually when asked',
        tags: TAGS,
        headers: deviceAuthHeaders,
        body: deviceLogsBodySchema,
        response: { 204: z.undefined().describe('Stored'), ...errorAnswers(400, 401) },
      },
    },
    async (req, reply) => {
      await storeDeviceLogs(deps.db, device.of(req).deviceId, req.body.lines, deps.now())
      return reply.code(204).send()
    },
  )

  // --- status, logs, jobs: the back-office --------------------------------------------------

  api.get(
    '/api/devices/status',
    {
      preValidation: staffOrBranchKey.preValidation,
      schema: {
        summary:
          'Every device with its status (staff): paired, online (a heartbeat or a printer contact in the last 60 s), last seen, last error, failed print jobs',
        tags: TAGS,
        headers: apiKeyHeaders,
        querystring: deviceStatusQuerySchema,
        response: { 200: dataOf(z.array(deviceStatusSchema)), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req) => {
      // An employee's session: their own branches' devices only (admins every branch; a key its
      // own branch, checked before).
      const p = staffOrBranchKey.of(req)
      const own = p && !hasRole(p.user, ROLE_ADMIN) ? p.user.branches.map((b) => b.id) : undefined
      if (req.query.branch !== undefined && own && !own.includes(req.query.branch)) {
        throw new HttpError(403, AUTH_MESSAGES.notPrivileged(req.locale))
      }
      const devices = (await listDevices(deps.db)).filter(
        (d) =>
          (req.query.branch === undefined || d.branch === req.query.branch) &&
          (own === undefined || (d.branch !== null && own.includes(d.branch))),
      )
      const rows = await deviceStatusRows(
        deps.db,
        devices.map((d) => d.id),
      )
      const now = deps.now().getTime()
      return {
        data: devices.map((d) => {
          const s = rows.get(d.id)!
          const recent = s.lastSeenAt !== null && now - new Date(s.lastSeenAt).getTime() <= DEVICE_ONLINE_MS
          const paired = d.kind !== 'printer' && s.paired
          // A printer's newer error wins over its older contact.
          const failedSince =
            s.lastErrorAt !== null &&
            (s.lastSeenAt === null || new Date(s.lastErrorAt).getTime() > new Date(s.lastSeenAt).getTime())
          return {
            id: d.id,
            kind: d.kind,
            name: d.name,
            branch: d.branch,
            paired,
            online: d.kind === 'printer' ? recent && !failedSince : paired && recent,
            lastSeenAt: iso(s.lastSeenAt),
            lastError: s.lastError,
            failedJobs: s.failedJobs,
          }
        }),
      }
    },
  )

  api.get(
    '/api/devices/:id/logs',
    {
      preValidation: admin.preValidation,
      schema: {
        summary: 'The log the device sent last (admins)',
        tags: TAGS,
        params: idParams,
        response: { 200: dataOf(deviceLogsSchema), ...errorAnswers(401, 403, 404) },
      },
    },
    async (req) => {
      const target = await deviceOr404(req.params.id)
      const logs = await findDeviceLogs(deps.db, target.id)
      return {
        data: {
          requestedAt: iso(logs?.requestedAt),
          receivedAt: iso(logs?.receivedAt),
          lines: logs?.lines ?? [],
        },
      }
    },
  )

  api.post(
    '/api/devices/:id/request-device-logs',
    {
      preValidation: admin.preValidation,
      schema: {
        summary:
          "Ask a device for its log (admins): a paired device is sent a command and posts its log (202); a printer's log is its recent print jobs (200)",
        tags: TAGS,
        params: idParams,
        response: {
          200: dataOf(deviceLogsRequestedSchema),
          202: dataOf(deviceLogsRequestedSchema),
          ...errorAnswers(401, 403, 404, 409),
        },
      },
    },
    async (req, reply) => {
      const target = await deviceOr404(req.params.id)
      const now = deps.now()
      if (target.kind === 'printer') {
        const jobs = await listPrintJobs(deps.db, target.id, 100)
        const lines = jobs.map((j) =>
          [j.createdAt, j.purpose, j.orderId ?? '-', j.status, `attempts=${j.attempts}`, j.lastError ?? '']
            .join(' ')
            .trim()
            .slice(0, 200),
        )
        await storeDeviceLogs(deps.db, target.id, lines, now, { askedNow: true })
        return reply.code(200).send({ data: { requested: true, lines } })
      }
      if (!(await isDevicePaired(deps.db, target.id))) throw new HttpError(409, LOGS_FAILED)
      const result = await sendDeviceCommand(
        deps,
        target.id,
        { type: 'requestLogs' },
        { timeoutMs: commandTimeoutMs },
      )
      if (!result.ok) throw new HttpError(409, LOGS_FAILED)
      await markDeviceLogsRequested(deps.db, target.id, now)
      return reply.code(202).send({ data: { requested: true } })
    },
  )

  api.get(
    '/api/devices/:id/jobs',
    {
      preValidation: admin.preValidation,
      schema: {
        summary: "A printer's print jobs, newest first (admins; the last 200)",
        tags: TAGS,
        params: idParams,
        response: { 200: dataOf(z.array(printJobSchema)), ...errorAnswers(401, 403, 404) },
      },
    },
    async (req) => {
      const target = await deviceOr404(req.params.id)
      return { data: await listPrintJobs(deps.db, target.id, 200) }
    },
  )

  api.post(
    '/api/print-jobs/:id/retry',
    {
      preValidation: admin.preValidation,
      schema: {
        summary: 'Print a failed or waiting job again now (admins); a printed job is not printed twice (409)',
        tags: TAGS,
        params: idParams,
        response: { 200: dataOf(printJobSchema), ...errorAnswers(401, 403, 404, 409) },
      },
    },
    async (req) => {
      const job = await retryPrintJob(deps.db, req.params.id, deps.now())
      if (job === 'notFound') throw new HttpError(404, msg('printJobNotFound'), 'id')
      if (job === 'printed') throw new HttpError(409, msg('printJobPrinted'))
      return { data: job }
    },
  )

  // --- tests ----------------------------------------------------------------------------------

  api.post(
    '/api/devices/:id/test/print',
    {
      preValidation: admin.preValidation,
      schema: {
        summary:
          'Print a test receipt on a printer now (admins): 200 when the printer took it, 502 with the reason when not',
        tags: TAGS,
        params: idParams,
        response: { 200: dataOf(deviceTestResultSchema), ...errorAnswers(401, 403, 404, 409, 502) },
      },
    },
    async (req) => {
      const target = await deviceOr404(req.params.id)
      if (target.kind !== 'printer' || target.host === null) throw new HttpError(409, msg('deviceNotPrinter'))
      const now = deps.now()
      const bytes = encodeEscPos(await testReceipt(deps.db, target, now))
      try {
        await sendToPrinter(target.host, target.port, bytes, deps.printerTimeoutMs)
      } catch (err) {
        const reason = err instanceof PrinterError ? err.message : String(err)
        await markDeviceError(deps.db, target.id, reason, deps.now())
        throw new HttpError(502, msg('deviceTestFailedReason', { reason }))
      }
      await markDeviceSeen(deps.db, target.id, deps.now())
      return { data: { ok: true as const } }
    },
  )

  api.post(
    '/api/devices/:id/test/notification',
    {
      preValidation: admin.preValidation,
      schema: {
        summary:
          'Send a test notification to a paired device over its socket (admins): 200 once it acknowledged, 504 when it did not answer within 5 s',
        tags: TAGS,
        params: idParams,
        response: { 200: dataOf(deviceTestResultSchema), ...errorAnswers(401, 403, 404, 409, 502, 504) },
      },
    },
    async (req) => {
      const target = await deviceOr404(req.params.id)
      if (target.kind === 'printer') throw new HttpError(409, TEST_FAILED)
      const result = await sendDeviceCommand(
        deps,
        target.id,
        { type: 'notify', payload: { text: 'Test' } },
        { timeoutMs: commandTimeoutMs },
      )
      if (result.timedOut) throw new HttpError(504, TEST_FAILED)
      if (!result.ok) throw new HttpError(502, msg('deviceTestFailedReason', { reason: result.error ?? '' }))
      return { data: { ok: true as const } }
    },
  )
}
