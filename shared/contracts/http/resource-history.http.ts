import { z } from 'zod'
import { RESOURCE_CHANGE_KINDS, RESOURCE_TYPE_NAMES } from './resource-paths.ts'
import { isoInstantSchema } from './responses.http.ts'

/*
 * A resource's history and its restore (GET /api/<path>/{id}/history, POST
 * /api/<path>/{id}/restore, the same under /api/config), the media usage (GET
 * /api/images/{id}/usage, /api/uploads/{id}/usage, /api/media/usage) and the log's filters
 * (GET /api/logs). docs/api.md "History and restore".
 */

/** Who made a change: a staff user (id, display name and username), a customer, or the system. */
export const historyActorSchema = z
  .strictObject({
    kind: z.enum(['customer', 'staff', 'system']),
    id: z.string().optional(),
    /** The display name the change was made under. */
    name: z.string().optional(),
    /** The user's username today (absent when the user is gone, or the actor is no user). */
    username: z.string().optional(),
  })
  .meta({ id: 'HistoryActor' })
export type HistoryActor = z.infer<typeof historyActorSchema>

/**
 * One field that changed against the state before. `path` is dotted: field names, list positions,
 * and `id:<id>` for an item of a list whose items all have an id. `old` is absent for an added
 * field, `new` for a removed one, both for a secret (`hidden`: only that it changed is told).
 * `reordered`: the same items in a new order, `old` and `new` their ids.
 */
export const historyChangeSchema = z
  .strictObject({
    path: z.string(),
    op: z.enum(['added', 'removed', 'changed', 'reordered']),
    old: z.json().optional(),
    new: z.json().optional(),
    /** The name of the list item the change is in, when it has one. */
    item: z.string().optional(),
    hidden: z.literal(true).optional(),
  })
  .meta({ id: 'HistoryChange' })
export type HistoryChange = z.infer<typeof historyChangeSchema>

/** One event of a resource's stream, newest first in the answer. */
export const historyEntrySchema = z
  .strictObject({
    /** The resource's version after this event (its position in the stream). */
    version: z.int().min(1),
    at: isoInstantSchema,
    actor: historyActorSchema.nullable(),
    kind: z.enum(RESOURCE_CHANGE_KINDS),
    /** For `restored`: the version whose state was made current again. */
    restoredFrom: z.int().min(1).optional(),
    /** The fields that changed against the version before (none for a deletion). */
    changes: z.array(historyChangeSchema),
  })
  .meta({ id: 'HistoryEntry' })
export type HistoryEntry = z.infer<typeof historyEntrySchema>

export const historyQuerySchema = z.object({
  limit: z.string().optional().describe('Entries per page, 1–500 (default 100)'),
  before: z.string().optional().describe('Paging: only versions below this one'),
})

/** POST …/restore: the current version (409 when stale) and the version to make current again. */
export const restoreBodySchema = z
  .strictObject({
    version: z.int().min(1).describe('The current version, as the caller saw it'),
    from: z.int().min(1).describe('The version whose state becomes current again'),
  })
  .meta({ id: 'RestoreVersion' })
export type RestoreBody = z.infer<typeof restoreBodySchema>

/** Something that refers to an image or upload: a resource (type, id, name) or an order. */
export const mediaUseSchema = z
  .strictObject({
    /** A resource type (`product`, `branch`, `site`, …) or `order`. */
    type: z.string(),
    id: z.string(),
    /** Its name (an order: `#<ticket number>`, or its uid before it has one). */
    name: z.string(),
  })
  .meta({ id: 'MediaUse' })
export type MediaUse = z.infer<typeof mediaUseSchema>

/** GET /api/media/usage: the uses of every image (or upload) in use, by its id. */
export const mediaUsageQuerySchema = z.object({ kind: z.enum(['images', 'uploads']) })
export const mediaUsageMapSchema = z.record(z.string(), z.array(mediaUseSchema))
export type MediaUsageMap = z.infer<typeof mediaUsageMapSchema>

const instant = z.iso.datetime({ offset: true }).or(z.iso.date())

/** GET /api/logs: the filters (every one optional; the old `limit` and `before` stay lenient). */
export const logQuerySchema = z.object({
  limit: z.string().optional().describe('1–500, default 100; a value that is no number takes the default'),
  before: z.string().optional().describe('Paging: an entry id (entries older than it)'),
  resource: z
    .enum(RESOURCE_TYPE_NAMES as [string, ...string[]])
    .optional()
    .describe('A resource type'),
  user: z.string().min(1).max(100).optional().describe("The acting user's id"),
  from: instant.optional().describe('At or after (ISO date-time with offset, or a date = its UTC midnight)'),
  to: instant.optional().describe('Before'),
  q: z.string().trim().max(200).optional().describe("Words in the resource's name"),
})
export type LogQuery = z.infer<typeof logQuerySchema>
