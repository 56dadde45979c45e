import { type Bus, type Db, HttpError, msg } from '@shop/kit'
import { findResource, signagePlaylist } from '@shop/read-models'
import {
  dataOf,
  SIGNAGE_COMMAND_TIMEOUT_MS,
  signageCommandBodySchema,
  signageCommandResultSchema,
  signagePlaylistSchema,
} from '@shop/shared/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ROLE_ADMIN, requireRole } from '../auth/guard.ts'
import { requireDevice, sendDeviceCommand } from '../devices/index.ts'
import { beforeValidation, errorAnswers, idParams, typed } from '../http-schemas.ts'

// Digital signage (issue 21; docs/devices.md "Bildschirme"): the playlist a paired screen loads,
// and the commands the back-office sends a screen (spec §4: a signage device accepts a command
// and a command abort) over the gateway, answered once the screen acknowledged.

export type SignageRouteDeps = {
  db: Db
  bus: Pick<Bus, 'root' | 'publishLive' | 'subscribeLive'>
  now: () => Date
  /** How long a command waits for the screen's acknowledgement (tests shorten it). */
  commandTimeoutMs?: number
}

const TAGS = ['digital-signage']
const COMMAND_FAILED = msg('signageCommandFailed')
const ABORT_FAILED = msg('signageAbortFailed')

export async function signageRoutes(app: FastifyInstance, deps: SignageRouteDeps): Promise<void> {
  const api = typed(app)
  const admin = beforeValidation((req) => requireRole(req, ROLE_ADMIN))
  const device = beforeValidation((req) => requireDevice(deps.db, req))
  const timeoutMs = deps.commandTimeoutMs ?? SIGNAGE_COMMAND_TIMEOUT_MS

  api.get(
    '/api/device/signage',
    {
      preValidation: device.preValidation,
      schema: {
        summary:
          "The paired screen's playlist (`Authorization: Device <credential>`): its stream with every segment resolved, the pickup numbers, the image URLs to cache",
        tags: TAGS,
        headers: z.looseObject({ authorization: z.string().optional() }),
        response: { 200: dataOf(signagePlaylistSchema), ...errorAnswers(401, 403) },
      },
    },
    async (req) => {
      const self = device.of(req)
      if (self.kind !== 'signage') throw new HttpError(403, msg('accessDenied'))
      return { data: await signagePlaylist(deps.db, self.deviceId, deps.now()) }
    },
  )

  /** The screen's registry device, or 404 / 409 (not paired to a device yet). */
  const screenOf = async (id: string) => {
    const screen = await findResource(deps.db, 'digital-signage-device', id)
    if (!screen) throw new HttpError(404, msg('notFound'), 'id')
    return String(screen.data.deviceId)
  }

  api.post(
    '/api/digital-signage-devices/:id/command',
    {
      preValidation: admin.preValidation,
      schema: {
        summary:
          'Send a screen a command (admins): reload its playlist, show a segment now, or show its name (identify); 200 once it acknowledged, 504 when it did not answer within 5 s',
        tags: TAGS,
        params: idParams,
        body: signageCommandBodySchema,
        response: { 200: dataOf(signageCommandResultSchema), ...errorAnswers(400, 401, 403, 404, 502, 504) },
      },
    },
    async (req) => {
      const deviceId = await screenOf(req.params.id)
      const { type, segmentId } = req.body
      if (segmentId !== undefined && !(await findResource(deps.db, 'digital-signage-segment', segmentId)))
        throw new HttpError(400, msg('referenceMissing'), 'segmentId')
      const result = await sendDeviceCommand(
        deps,
        deviceId,
        { type, ...(segmentId === undefined ? {} : { payload: { segmentId } }) },
        { timeoutMs },
      )
      if (!result.ok) throw new HttpError(result.timedOut ? 504 : 502, COMMAND_FAILED)
      return { data: { ok: true as const } }
    },
  )

  api.post(
    '/api/digital-signage-devices/:id/command/abort',
    {
      preValidation: admin.preValidation,
      schema: {
        summary:
          'End what a command shows on a screen (a segment shown now, identify) (admins); 200 once it acknowledged, 504 when it did not answer within 5 s',
        tags: TAGS,
        params: idParams,
        response: { 200: dataOf(signageCommandResultSchema), ...errorAnswers(401, 403, 404, 502, 504) },
      },
    },
    async (req) => {
      const deviceId = await screenOf(req.params.id)
      const result = await sendDeviceCommand(deps, deviceId, { type: 'abort' }, { timeoutMs })
      if (!result.ok) throw new HttpError(result.timedOut ? 504 : 502, ABORT_FAILED)
      return { data: { ok: true as const } }
    },
  )
}
