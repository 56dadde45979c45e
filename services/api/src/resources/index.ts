export { createFileBytes, type FileBytes } from '../files/file-bytes.ts'
export { storeImage } from '../files/file-store.ts'
export { removeUnusedUploads } from '../files/upload-cleanup.ts'
export { INIT_TYPES } from './generations.ts'
export { checkReferences, RESOURCES, type Reference, type ResourceDef } from './resource-registry.ts'
export {
  createResource,
  deleteResource,
  type ResourceRow,
  updateResource,
} from './resource-store.ts'
export { createUser, type NewUser } from './users.ts'
