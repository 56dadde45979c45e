import { randomInt, randomUUID } from 'node:crypto'
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
  credentialHash,
  type DeviceConfig,
  deviceStatusRows,
  findDevice,
  findResource,
  listDevices,
  markDeviceError,
  markDeviceSeen,
  newCredential,
  revokeDeviceCredential,
  storeDeviceCredential,
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
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_SECRET_HEADER,
  PAIRING_TTL_MS,
  type PrintJob,
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
import { requireBranchKey } from '../http-helpers.ts'
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

function newPairingCode(): string {
  let code = ''
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++)
    code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)]
  return code
}

type JobRow = {
  job_id: string
  device_id: string
  order_id: string | null
  purpose: string
  status: string
  attempts: number
  last_error: string | null
  created_at: Date
  due_at: Date
  printed_at: Date | null
}

const jobView = (r: JobRow): PrintJob => ({
  id: r.job_id,
  deviceId: r.device_id,
  orderId: r.order_id,
  purpose: r.purpose as PrintJob['purpose'],
  status: r.status as PrintJob['status'],
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: new Date(r.created_at).toISOString(),
  nextAttemptAt: r.status === 'pending' ? new Date(r.due_at).toISOString() : null,
  printedAt: iso(r.printed_at),
})

const JOB_COLUMNS = [
  'job_id',
  'device_id',
  'order_id',
  'purpose',
  'status',
  'attempts',
  'last_error',
  'created_at',
  'due_at',
  'printed_at',
] as const

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
  // branch's api key (X-Api-Key, as on the board's other routes) admits it to the status of that
  // branch only (`?branch=` required); without a key, a staff session as before.
  const staffOrBranchKey = beforeValidation(async (req) => {
    if (req.headers['x-api-key'] === undefined) return requireStaff(req)
    const branch = (req.query as { branch?: unknown }).branch
    if (typeof branch !== 'string' || !deps.branches) throw new HttpError(403, msg('accessDenied'))
    requireBranchKey(req, await deps.branches.get(branch))
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
      const now = deps.now()
      // Requests nobody paired are kept a day (for a look in the database), then removed.
      await deps.db
        .deleteFrom('device_pairings')
        .where('expires_at', '<', new Date(now.getTime() - 24 * 3600_000))
        .execute()
      const pairingId = randomUUID()
      const secret = newCredential().replace(/^dev_/, '')
      const expiresAt = new Date(now.getTime() + PAIRING_TTL_MS)
      let code = newPairingCode()
      // A code valid twice at once would pair the wrong screen: drawn again (30^6 codes).
      for (let i = 0; i < 5; i++) {
        const taken = await deps.db
          .selectFrom('device_pairings')
          .select('pairing_id')
          .where('code', '=', code)
          .where('expires_at', '>', now)
          .executeTakeFirst()
        if (!taken) break
        code = newPairingCode()
      }
      await deps.db
        .insertInto('device_pairings')
        .values({
          pairing_id: pairingId,
          kind: req.body.kind,
          code,
          secret_hash: credentialHash(secret),
          expires_at: expiresAt,
          created_at: now,
        })
        .execute()
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
      const row = await deps.db
        .selectFrom('device_pairings')
        .selectAll()
        .where('pairing_id', '=', req.params.pairingId)
        .executeTakeFirst()
      if (!row || !safeEqual(row.secret_hash, credentialHash(secret))) throw notFound
      if (row.device_id === null) {
        if (new Date(row.expires_at).getTime() <= deps.now().getTime()) throw notFound
        return { data: { status: 'pending' as const } }
      }
      // Handed out exactly once: the row that still holds it is cleared by the one poll that reads it.
      const claimed = await deps.db.transaction().execute(async (trx) => {
        const held = await trx
          .selectFrom('device_pairings')
          .select(['credential', 'device_id'])
          .where('pairing_id', '=', row.pairing_id)
          .where('credential', 'is not', null)
          .forUpdate()
          .executeTakeFirst()
        if (!held) return undefined
        await trx
          .updateTable('device_pairings')
          .set({ credential: null, claimed_at: deps.now() })
          .where('pairing_id', '=', row.pairing_id)
          .execute()
        return held
      })
      if (claimed?.credential && claimed.device_id)
        return {
          data: { status: 'paired' as const, deviceId: claimed.device_id, credential: claimed.credential },
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
      const now = deps.now()
      const credential = newCredential()
      const paired = await deps.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('device_pairings')
          .set({ device_id: target.id, credential })
          .where('code', '=', code)
          .where('kind', '=', target.kind)
          .where('device_id', 'is', null)
          .where('expires_at', '>', now)
          .returning('pairing_id')
          .executeTakeFirst()
        if (!row) return false
        await storeDeviceCredential(trx, target.id, target.kind, credential, now)
        return true
      })
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
      await deps.db
        .updateTable('device_pairings')
        .set({ credential: null })
        .where('device_id', '=', target.id)
        .where('credential', 'is not', null)
        .execute()
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
      const d = device.of(req)
      const now = deps.now()
      const lines = JSON.stringify(req.body.lines)
      await deps.db
        .insertInto('device_logs')
        .values({ device_id: d.deviceId, received_at: now, lines })
        .onConflict((oc) => oc.column('device_id').doUpdateSet({ received_at: now, lines }))
        .execute()
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
      const row = await deps.db
        .selectFrom('device_logs')
        .selectAll()
        .where('device_id', '=', target.id)
        .executeTakeFirst()
      return {
        data: {
          requestedAt: iso(row?.requested_at),
          receivedAt: iso(row?.received_at),
          lines: row?.lines ?? [],
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
        const jobs = await deps.db
          .selectFrom('print_jobs')
          .select(JOB_COLUMNS)
          .where('device_id', '=', target.id)
          .orderBy('created_at', 'desc')
          .limit(100)
          .execute()
        const lines = jobs.map((j) =>
          [
            new Date(j.created_at).toISOString(),
            j.purpose,
            j.order_id ?? '-',
            j.status,
            `attempts=${j.attempts}`,
            j.last_error ?? '',
          ]
            .join(' ')
            .trim()
            .slice(0, 200),
        )
        const json = JSON.stringify(lines)
        await deps.db
          .insertInto('device_logs')
          .values({ device_id: target.id, requested_at: now, received_at: now, lines: json })
          .onConflict((oc) =>
            oc.column('device_id').doUpdateSet({ requested_at: now, received_at: now, lines: json }),
          )
          .execute()
        return reply.code(200).send({ data: { requested: true, lines } })
      }
      const paired = await deps.db
        .selectFrom('device_credentials')
        .select('device_id')
        .where('device_id', '=', target.id)
        .executeTakeFirst()
      if (!paired) throw new HttpError(409, LOGS_FAILED)
      const result = await sendDeviceCommand(
        deps,
        target.id,
        { type: 'requestLogs' },
        { timeoutMs: commandTimeoutMs },
      )
      if (!result.ok) throw new HttpError(409, LOGS_FAILED)
      await deps.db
        .insertInto('device_logs')
        .values({ device_id: target.id, requested_at: now })
        .onConflict((oc) => oc.column('device_id').doUpdateSet({ requested_at: now }))
        .execute()
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
      const rows = await deps.db
        .selectFrom('print_jobs')
        .select(JOB_COLUMNS)
        .where('device_id', '=', target.id)
        .orderBy('created_at', 'desc')
        .orderBy('job_id')
        .limit(200)
        .execute()
      return { data: rows.map(jobView) }
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
      const row = await deps.db
        .updateTable('print_jobs')
        .set({ status: 'pending', due_at: deps.now() })
        .where('job_id', '=', req.params.id)
        .where('status', '!=', 'printed')
        .returning(JOB_COLUMNS)
        .executeTakeFirst()
      if (row) return { data: jobView(row) }
      const exists = await deps.db
        .selectFrom('print_jobs')
        .select('job_id')
        .where('job_id', '=', req.params.id)
        .executeTakeFirst()
      if (!exists) throw new HttpError(404, msg('printJobNotFound'), 'id')
      throw new HttpError(409, msg('printJobPrinted'))
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
