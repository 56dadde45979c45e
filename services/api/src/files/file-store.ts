import { randomBytes, randomUUID } from 'node:crypto'
import type { Bus, Db } from '@shop/kit'
import type { Actor } from '@shop/shared/contracts'
import sharp from 'sharp'
import { createResource, type ResourceRow } from '../resources/resource-store.ts'
import { createFileBytes, type FileBytes, type StoredFile } from './file-bytes.ts'
import { type Sniffed, sniff } from './sniff.ts'

/** What a stored file is: its type from its bytes, its size and an image's pixels. */
export type FileMeta = Sniffed & { size: number; width: number | null; height: number | null }

/** What a download needs of a stored file (the `files` row). */
export type FileRow = StoredFile & { mime_type: string; extension: string; public_hash: string; kind: string }

/** The stored file with this id (an upload's or an image's), undefined when there is none. */
export async function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  return db
    .selectFrom('files')
    .select(['id', 'storage', 'size', 'mime_type', 'extension', 'public_hash', 'kind'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export type FileStoreDeps = {
  db: Db
  bus: Pick<Bus, 'notifyAppended'>
  /** Where the bytes go; default the database (chunks). */
  files?: FileBytes
  now?: Date
}

/**
 * The bytes first (to disk or in chunks, each a short step), then the metadata as a resource
 * (an event plus its read-model row) and the `files` row in one transaction: only that commit
 * makes the file reachable. Bytes whose metadata did not commit are removed again.
 */
export async function storeFile(
  deps: FileStoreDeps,
  kind: 'upload' | 'image',
  decoded: FileMeta,
  /** Writes the bytes under the new id (the upload worker, or `files.write`). */
  writeBytes: (id: string) => Promise<void>,
  actor: Actor,
  extra: Record<string, unknown>,
): Promise<ResourceRow> {
  const files = deps.files ?? createFileBytes(deps.db)
  const id = randomUUID()
  const publicHash = randomBytes(16).toString('hex')
  const data = {
    ...extra,
    mimeType: decoded.mimeType,
    extension: decoded.extension,
    size: decoded.size,
    width: decoded.width,
    height: decoded.height,
    ...(kind === 'upload' ? { publicHash } : {}),
  }
  try {
    await writeBytes(id)
    return await createResource({
      db: deps.db,
      bus: deps.bus,
      type: kind,
      id,
      actor,
      data,
      ...(deps.now ? { now: deps.now } : {}),
      alongside: async (trx) => {
        await trx
          .insertInto('files')
          .values({
            id,
            version: 1,
            kind,
            public_hash: publicHash,
            mime_type: decoded.mimeType,
            extension: decoded.extension,
            size: decoded.size,
            width: decoded.width,
            height: decoded.height,
            storage: files.storage,
            by_customer: kind === 'upload' && actor.kind === 'customer',
            ...(deps.now ? { created_at: deps.now } : {}),
          })
          .execute()
      },
    })
  } catch (err) {
    await files.discard(id, files.storage).catch(() => {})
    throw err
  }
}

/** An image made by the product itself (the demo's pictures): checked like an upload. */
export async function storeImage(
  deps: FileStoreDeps,
  bytes: Buffer,
  actor: Actor,
  alt: string,
): Promise<ResourceRow> {
  const type = sniff(bytes)
  if (!type?.isImage) throw new Error('not an image')
  const meta = await sharp(bytes).metadata()
  const files = deps.files ?? createFileBytes(deps.db)
  return storeFile(
    { ...deps, files },
    'image',
    { ...type, size: bytes.length, width: meta.width ?? null, height: meta.height ?? null },
    (id) => files.write(id, bytes),
    actor,
    {
      alt,
    },
  )
}
