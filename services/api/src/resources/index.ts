export {
  createResource,
  deleteResource,
  getResource,
  listResources,
  type ResourceRow,
  updateResource,
} from './resource-store.ts'
export { createUser, type NewUser } from './users.ts'
