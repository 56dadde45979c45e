// No zod here: the back-office's pages import this file alone.

/**
 * Each resource type (the event streams' and the logs' `resource`) with its path below /api
 * (spec §7, plural). The configuration is one object at /api/config.
 */
export const RESOURCE_TYPE_PATHS = {
  config: 'config',
  user: 'users',
  division: 'divisions',
  branch: 'branches',
  tag: 'tags',
  table: 'tables',
  product: 'products',
  category: 'categories',
  menu: 'menus',
  donatee: 'donatees',
  site: 'sites',
  navigation: 'navigations',
  block: 'blocks',
  redirect: 'redirects',
  device: 'devices',
  department: 'departments',
  image: 'images',
  upload: 'uploads',
  'image-template': 'image-templates',
  scene: 'scenes',
  font: 'fonts',
  'working-schedule': 'working-schedules',
  project: 'projects',
  task: 'tasks',
  'digital-signage-segment': 'digital-signage-segments',
  'digital-signage-stream': 'digital-signage-streams',
  'digital-signage-device': 'digital-signage-devices',
} as const

export type ResourceTypeName = keyof typeof RESOURCE_TYPE_PATHS
export type ResourcePath = (typeof RESOURCE_TYPE_PATHS)[ResourceTypeName]

export const RESOURCE_TYPE_NAMES = Object.keys(RESOURCE_TYPE_PATHS) as ResourceTypeName[]

export function isResourceTypeName(value: string): value is ResourceTypeName {
  return Object.hasOwn(RESOURCE_TYPE_PATHS, value)
}

/** The API path of a resource type (`product` → `products`), undefined for an unknown type. */
export function resourcePathOf(type: string): ResourcePath | undefined {
  return isResourceTypeName(type) ? RESOURCE_TYPE_PATHS[type] : undefined
}

/** What a change to a resource was (GET /api/<path>/{id}/history, GET /api/logs). */
export const RESOURCE_CHANGE_KINDS = ['created', 'updated', 'deleted', 'restored'] as const
export type ResourceChangeKind = (typeof RESOURCE_CHANGE_KINDS)[number]

/**
 * A resource event's kind: its type's ending (`…Created`, `…Updated`, `…Deleted`), or
 * `restored` when it carries `restoredFrom` (a restore is an `…Updated` event, or a `…Created`
 * one when it brings a deleted resource back).
 */
export function resourceChangeKind(eventType: string, restoredFrom: unknown): ResourceChangeKind {
  if (eventType.endsWith('Deleted')) return 'deleted'
  if (typeof restoredFrom === 'number') return 'restored'
  return eventType.endsWith('Created') ? 'created' : 'updated'
}
