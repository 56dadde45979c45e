import { z } from 'zod'
import { PICKUP_STATES } from '../../domain/signage/pickup.ts'
import { SIGNAGE_IMAGE_FITS, SIGNAGE_SEGMENT_TYPES, signageStreamItemSchema } from './resources.http.ts'
import { isoInstantSchema } from './responses.http.ts'

// Digital signage (issue 21; docs/devices.md "Bildschirme"): what a screen loads to play
// (GET /api/device/signage) and the commands the back-office sends it. The segments, streams and
// screens themselves are resources (resources.http.ts).

export const SIGNAGE_COMMAND_TYPES = ['reload', 'showSegment', 'identify'] as const
export type SignageCommandType = (typeof SIGNAGE_COMMAND_TYPES)[number]
/** How long the API waits for the screen's acknowledgement. */
export const SIGNAGE_COMMAND_TIMEOUT_MS = 5000
/** How long `identify` shows the screen's name. */
export const SIGNAGE_IDENTIFY_MS = 10_000

/** POST /api/digital-signage-devices/{id}/command (admins) */
export const signageCommandBodySchema = z
  .strictObject({
    type: z.enum(SIGNAGE_COMMAND_TYPES),
    /** The segment `showSegment` shows (one of the stream's or any other). */
    segmentId: z.string().trim().min(1).max(64).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'showSegment' && body.segmentId === undefined)
      ctx.addIssue({ code: 'custom', path: ['segmentId'], message: 'validation.notBlank', input: undefined })
  })
  .meta({ id: 'SignageCommand' })
export type SignageCommandBody = z.output<typeof signageCommandBodySchema>

/** The answer of a command or an abort the screen acknowledged. */
export const signageCommandResultSchema = z
  .object({ ok: z.literal(true) })
  .meta({ id: 'SignageCommandResult' })

/** A segment as the player renders it, with everything resolved (it may play offline). */
export const signagePlayerSegmentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(SIGNAGE_SEGMENT_TYPES),
    durationSeconds: z.int(),
    /** image: the image's URL (/image/large/…) and how it fills the screen. */
    imageUrl: z.string().nullable(),
    fit: z.enum(SIGNAGE_IMAGE_FITS),
    /** content: the page's or block's title and its typed content (shared/domain/content). */
    title: z.string().nullable(),
    content: z.unknown().nullable(),
    /** menu, pickup: the branch. */
    branchId: z.string().nullable(),
    /** menu: the products with their price (cents) and whether the branch sold them out. */
    products: z.array(z.object({ id: z.string(), name: z.string(), price: z.int(), soldOut: z.boolean() })),
  })
  .meta({ id: 'SignagePlayerSegment' })
export type SignagePlayerSegment = z.output<typeof signagePlayerSegmentSchema>

/** GET /api/device/signage: the screen's stream, resolved. */
export const signagePlaylistSchema = z
  .object({
    /** The signage device resource (null: the paired screen is not assigned yet). */
    screen: z.object({ id: z.string(), name: z.string() }).nullable(),
    deviceId: z.string(),
    shop: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
    branch: z
      .object({
        id: z.string(),
        name: z.string(),
        timeZone: z.string(),
        currency: z.string(),
        locale: z.string(),
      })
      .nullable(),
    stream: z
      .object({ id: z.string(), name: z.string(), items: z.array(signageStreamItemSchema) })
      .nullable(),
    /** Every segment the items name, by id. */
    segments: z.record(z.string(), signagePlayerSegmentSchema),
    /** The pickup display's numbers at load time (then live over the gateway). */
    pickup: z.object({ preparing: z.array(z.int()), ready: z.array(z.int()) }).nullable(),
    /** Every image URL the playlist shows (the player caches them). */
    images: z.array(z.string()),
    serverTime: isoInstantSchema,
  })
  .meta({ id: 'SignagePlaylist' })
export type SignagePlaylist = z.output<typeof signagePlaylistSchema>

/** One pickup change over the gateway (room `pickup`): a number and a state, nothing else. */
export const pickupUpdateSchema = z.object({
  type: z.literal('update'),
  topic: z.literal('pickup'),
  branchId: z.string(),
  orderId: z.string(),
  ticketNumber: z.int(),
  state: z.enum(PICKUP_STATES).nullable(),
})
