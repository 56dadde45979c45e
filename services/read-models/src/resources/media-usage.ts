import type { Database, Db } from '@shop/kit'
import { sql, type Transaction } from 'kysely'
import { resourceNameOf } from './resource-names.ts'

// What refers to an image or an upload among the resources (GET /api/images/{id}/usage, the
// refusal to delete one still in use): any resource whose state names the file's id, as a
// reference (`images: [{ id, version, extension }]`, a logo, a tag's image) or inside content
// (a site's or block's JSON, a link to /image/<id>-<version>.<ext> in a text). Images and uploads
// do not refer to each other. Orders that use an upload are the orders read model's question
// (orders/upload-uses.ts).

/** A resource that refers to a file. */
export type FileUse = { type: string; id: string; name: string }

const FILE_TYPES = sql`('image', 'upload')`

/** The resources that refer to the file, by type and name. */
export async function resourcesUsingFile(db: Db | Transaction<Database>, fileId: string): Promise<FileUse[]> {
  const { rows } = await sql<FileUse>`
    SELECT r.type, r.id, coalesce(${resourceNameOf(sql`r.data`)}, r.id) AS name FROM rm_resources r
     WHERE r.type NOT IN ${FILE_TYPES} AND strpos(r.data::text, ${fileId}) > 0
     ORDER BY r.type, name, r.id`.execute(db)
  return rows
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/**
 * The resources that refer to any of these files, by file id (files no resource uses are left
 * out). One pass over the resources: every UUID their states name (a file's id is a UUID) is
 * looked up among the files.
 */
export async function resourcesUsingFiles(
  db: Db,
  fileIds: readonly string[],
): Promise<Map<string, FileUse[]>> {
  const uses = new Map<string, FileUse[]>()
  if (fileIds.length === 0) return uses
  const { rows } = await sql<FileUse & { file_id: string }>`
    SELECT DISTINCT m.file_id, r.type, r.id, coalesce(${resourceNameOf(sql`r.data`)}, r.id) AS name
      FROM rm_resources r
     CROSS JOIN LATERAL (SELECT (regexp_matches(lower(r.data::text), ${UUID}, 'g'))[1] AS file_id) m
     WHERE r.type NOT IN ${FILE_TYPES} AND m.file_id = ANY(${[...fileIds]}::text[])
     ORDER BY m.file_id, r.type, name, r.id`.execute(db)
  for (const { file_id, ...use } of rows) {
    const list = uses.get(file_id) ?? []
    list.push(use)
    uses.set(file_id, list)
  }
  return uses
}
