import { z } from 'zod'
import { actorSchema, orderUploadRefSchema } from '../events/order.events.ts'
import { RESOURCE_CHANGE_KINDS } from './resource-paths.ts'
import {
  createBlockBodySchema,
  createBranchBodySchema,
  createCategoryBodySchema,
  createConfigBodySchema,
  createDepartmentBodySchema,
  createDeviceBodySchema,
  createDivisionBodySchema,
  createDonateeBodySchema,
  createFontBodySchema,
  createImageBodySchema,
  createImageTemplateBodySchema,
  createMenuBodySchema,
  createNavigationBodySchema,
  createProductBodySchema,
  createProjectBodySchema,
  createRedirectBodySchema,
  createSceneBodySchema,
  createSignageDeviceBodySchema,
  createSignageSegmentBodySchema,
  createSignageStreamBodySchema,
  createSiteBodySchema,
  createTableBodySchema,
  createTagBodySchema,
  createTaskBodySchema,
  createUploadBodySchema,
  createUserBodySchema,
  createWorkingScheduleBodySchema,
  deliveryAreaSchema,
} from './resources.http.ts'
import { isoInstantSchema, outputSchemaOf } from './responses.http.ts'

/*
 * The back-office resources as the API answers them (GET /api/{resource}[/{id}], the POST and PUT
 * answers, /api/init): the stored state plus `id` and `version`. The state is what the write
 * schema parsed (resources.http.ts, every field present: a missing optional one is null), plus
 * the fields the server made itself (a branch's api key, a user's access token, a file's type
 * and size), which no write takes and every update keeps (services/api resources/round-trip.ts).
 */

const identity = {
  id: z.string(),
  /** The resource's stream version: a PUT sends it back. */
  version: z.int().min(1),
}

/** Any resource item: its fields, id and version (the type of `resourceItemSchema(type)`). */
export type ResourceItem = { id: string; version: number; [field: string]: unknown }

export const configResourceSchema = outputSchemaOf(createConfigBodySchema)
  .extend(identity)
  .meta({ id: 'ConfigResource' })

/**
 * A staff user: never the password (its hash lives apart); `accessToken` is the time-tracking
 * terminal's credential; `isEnabled: false` switches the account off (accounts from before the
 * field have none: enabled).
 */
export const userResourceSchema = outputSchemaOf(createUserBodySchema)
  .omit({ password: true })
  .extend({
    accessToken: z.string(),
    isEnabled: z.boolean().optional(),
    // Added with time tracking (issue 20): users stored before have neither.
    holidayDaysPerYear: z.number().nullable().optional(),
    hourlyRate: z.int().nullable().optional(),
    ...identity,
  })
  .meta({ id: 'UserResource' })

export const divisionResourceSchema = outputSchemaOf(createDivisionBodySchema)
  .extend(identity)
  .meta({ id: 'DivisionResource' })

/**
 * A delivery area as stored: a write through the API gives each one its stable id; an area
 * stored before areas had ids (or seeded around the API) has none until its branch is saved.
 */
export const deliveryAreaResourceSchema = outputSchemaOf(deliveryAreaSchema)
  .extend({ id: z.string().nullable() })
  .meta({ id: 'DeliveryAreaResource' })

/** A branch; `apiKey` (the frontdesk's key) only for admins. */
export const branchResourceSchema = outputSchemaOf(createBranchBodySchema)
  .extend({
    deliveryAreas: z.array(deliveryAreaResourceSchema),
    apiKey: z.string().optional(),
    ...identity,
  })
  .meta({ id: 'BranchResource' })

export const tagResourceSchema = outputSchemaOf(createTagBodySchema)
  .extend(identity)
  .meta({ id: 'TagResource' })

export const tableResourceSchema = outputSchemaOf(createTableBodySchema)
  .extend(identity)
  .meta({ id: 'TableResource' })

export const productResourceSchema = outputSchemaOf(createProductBodySchema)
  .extend(identity)
  .meta({ id: 'ProductResource' })

export const categoryResourceSchema = outputSchemaOf(createCategoryBodySchema)
  .extend(identity)
  .meta({ id: 'CategoryResource' })

export const menuResourceSchema = outputSchemaOf(createMenuBodySchema)
  .extend(identity)
  .meta({ id: 'MenuResource' })

export const donateeResourceSchema = outputSchemaOf(createDonateeBodySchema)
  .extend(identity)
  .meta({ id: 'DonateeResource' })

export const siteResourceSchema = outputSchemaOf(createSiteBodySchema)
  .extend(identity)
  .meta({ id: 'SiteResource' })

export const navigationResourceSchema = outputSchemaOf(createNavigationBodySchema)
  .extend(identity)
  .meta({ id: 'NavigationResource' })

export const blockResourceSchema = outputSchemaOf(createBlockBodySchema)
  .extend(identity)
  .meta({ id: 'BlockResource' })

export const redirectResourceSchema = outputSchemaOf(createRedirectBodySchema)
  .extend(identity)
  .meta({ id: 'RedirectResource' })

export const deviceResourceSchema = outputSchemaOf(createDeviceBodySchema)
  .extend(identity)
  .meta({ id: 'DeviceResource' })

export const departmentResourceSchema = outputSchemaOf(createDepartmentBodySchema)
  .extend(identity)
  .meta({ id: 'DepartmentResource' })

/** What the server knows of a stored file from its bytes. */
const fileFields = {
  mimeType: z.string(),
  extension: z.string(),
  /** Bytes. */
  size: z.int().min(0),
  /** Pixels of an image (null: not an image, or not known). */
  width: z.int().min(0).nullable(),
  height: z.int().min(0).nullable(),
}

/** An image (POST /api/images makes it from a data URL; `alt` is all a PUT changes). */
export const imageResourceSchema = outputSchemaOf(createImageBodySchema)
  .extend({ ...fileFields, ...identity })
  .meta({ id: 'ImageResource' })

/** An upload (POST /api/uploads): a customer's or staff member's file, opened by its public hash. */
export const uploadResourceSchema = outputSchemaOf(createUploadBodySchema)
  .extend({
    /** The file name it was sent with. */
    name: z.string().nullable(),
    ...fileFields,
    publicHash: z.string(),
    ...identity,
  })
  .meta({ id: 'UploadResource' })

/** POST /api/uploads (201): what a cart item's part refers to the upload by. */
export const uploadAnswerSchema = z.strictObject(orderUploadRefSchema.shape).meta({ id: 'UploadAnswer' })
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>

export const imageTemplateResourceSchema = outputSchemaOf(createImageTemplateBodySchema)
  .extend(identity)
  .meta({ id: 'ImageTemplateResource' })

export const sceneResourceSchema = outputSchemaOf(createSceneBodySchema)
  .extend(identity)
  .meta({ id: 'SceneResource' })

/**
 * An uploaded font: `files` (made by PUT /api/fonts/{id}/files/{variant}) names each variant's
 * stored file and its format (woff2, woff, ttf, otf); a variant without a file has no CSS.
 */
export const fontResourceSchema = outputSchemaOf(createFontBodySchema)
  .extend({
    files: z
      .record(z.string(), z.strictObject({ id: z.string(), format: z.string(), size: z.int() }))
      .optional(),
    /** 'bundled' on the families shipped with the shop (listed by GET /api/fonts, no resources). */
    source: z.literal('bundled').optional(),
    category: z.string().optional(),
    ...identity,
  })
  .meta({ id: 'FontResource' })

/** A shift or an absence of the working plan (time tracking). */
export const workingScheduleResourceSchema = outputSchemaOf(createWorkingScheduleBodySchema)
  .extend(identity)
  .meta({ id: 'WorkingScheduleResource' })

export const projectResourceSchema = outputSchemaOf(createProjectBodySchema)
  .extend(identity)
  .meta({ id: 'ProjectResource' })

export const taskResourceSchema = outputSchemaOf(createTaskBodySchema)
  .extend(identity)
  .meta({ id: 'TaskResource' })

export const signageSegmentResourceSchema = outputSchemaOf(createSignageSegmentBodySchema)
  .extend(identity)
  .meta({ id: 'DigitalSignageSegmentResource' })

export const signageStreamResourceSchema = outputSchemaOf(createSignageStreamBodySchema)
  .extend(identity)
  .meta({ id: 'DigitalSignageStreamResource' })

export const signageDeviceResourceSchema = outputSchemaOf(createSignageDeviceBodySchema)
  .extend(identity)
  .meta({ id: 'DigitalSignageDeviceResource' })

/** Each resource's item schema, by its type (the resource registry's `type`, singular). */
export const RESOURCE_ITEM_SCHEMAS = {
  config: configResourceSchema,
  user: userResourceSchema,
  division: divisionResourceSchema,
  branch: branchResourceSchema,
  tag: tagResourceSchema,
  table: tableResourceSchema,
  product: productResourceSchema,
  category: categoryResourceSchema,
  menu: menuResourceSchema,
  donatee: donateeResourceSchema,
  site: siteResourceSchema,
  navigation: navigationResourceSchema,
  block: blockResourceSchema,
  redirect: redirectResourceSchema,
  device: deviceResourceSchema,
  department: departmentResourceSchema,
  image: imageResourceSchema,
  upload: uploadResourceSchema,
  'image-template': imageTemplateResourceSchema,
  scene: sceneResourceSchema,
  font: fontResourceSchema,
  'working-schedule': workingScheduleResourceSchema,
  project: projectResourceSchema,
  task: taskResourceSchema,
  'digital-signage-segment': signageSegmentResourceSchema,
  'digital-signage-stream': signageStreamResourceSchema,
  'digital-signage-device': signageDeviceResourceSchema,
} as const
export type ResourceItemType = keyof typeof RESOURCE_ITEM_SCHEMAS
export type ResourceItemOf<T extends ResourceItemType> = z.infer<(typeof RESOURCE_ITEM_SCHEMAS)[T]>

/**
 * The item schema of a resource type, typed as any item (routes made for every type answer what
 * the store holds); the specific types are RESOURCE_ITEM_SCHEMAS'. Throws for an unknown type.
 */
export function resourceItemSchema(type: string): z.ZodType<ResourceItem> {
  if (!Object.hasOwn(RESOURCE_ITEM_SCHEMAS, type)) throw new Error(`no item schema for resource type ${type}`)
  return RESOURCE_ITEM_SCHEMAS[type as ResourceItemType] as unknown as z.ZodType<ResourceItem>
}

/** GET /api/logs[/{id}]: who changed which resource when, from the resources' events. */
export const resourceLogEntrySchema = z
  .strictObject({
    /** The event's global position, as text (int8). */
    id: z.string(),
    /** The resource type (user, branch, config, …). */
    resource: z.string(),
    resourceId: z.string().nullable(),
    /** The event's type (BranchCreated, BranchUpdated, BranchDeleted, …). */
    action: z.string(),
    actor: z.strictObject(actorSchema.shape).nullable(),
    at: isoInstantSchema,
    /** The resource's version after the change. */
    version: z.int().min(1),
    /** created, updated, deleted, or restored (an older version made current again). */
    kind: z.enum(RESOURCE_CHANGE_KINDS),
    /** For `restored`: the version made current again. */
    restoredFrom: z.int().min(1).optional(),
    /** The resource's name at the change (for a deletion, the name it had), null when it has none. */
    name: z.string().nullable(),
  })
  .meta({ id: 'ResourceLogEntry' })
export type ResourceLogEntry = z.infer<typeof resourceLogEntrySchema>
