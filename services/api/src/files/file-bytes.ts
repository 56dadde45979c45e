import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { Db } from '@shop/kit'

// Where the bytes of uploads and images live, apart from their metadata (the `files` row and
// the resource). Both ways keep every step small, so no upload or download holds the event
// loop for long (issue 14, item 1):
// - 'db' (every API replica serves every file): 256 KB chunks in `file_chunks`, each written
//   and read by its own statement, streamed out one chunk at a time;
// - 'disk' (the embedded shop, `npm start`): one file per id under DATA_DIR/files, written by
//   libuv's thread pool and streamed out, never through PGlite (its writes run on the loop).
// Rows stored before the disk existed stay in chunks and are served from there.

export const CHUNK_BYTES = 256 * 1024

export type Storage = 'db' | 'disk'

/** What serving a file needs of its `files` row. */
export type StoredFile = { id: string; storage: string; size: number }

export type FileBytes = {
  /** Where new files go. */
  readonly storage: Storage
  /**
   * Where the upload worker writes new files itself (upload-decode.worker.ts), so their bytes
   * never come back to the event loop: the folder, or the database's URL; undefined when the
   * worker cannot reach the store (a Db without its URL): the bytes then come back to `write`.
   */
  readonly workerTarget: WorkerTarget | undefined
  /**
   * Writes a new file's bytes before its metadata commit (so the resource's transaction holds
   * no 10 MB write): until the row commits, nobody can ask for them.
   */
  write(id: string, bytes: Buffer): Promise<void>
  /** Removes bytes whose row is gone or never committed (chunks go with the row's transaction). */
  discard(id: string, storage: string): Promise<void>
  /** The bytes as a stream of chunks. */
  stream(file: StoredFile): Readable
  /** The whole file (for sharp, which works in libuv's thread pool). */
  read(file: StoredFile): Promise<Buffer>
}

// Ids are UUIDs made by the server (and their temporary names); anything else never names a path.
const SAFE_ID = /^[A-Za-z0-9-]{1,64}(\.[0-9a-f]{12}\.tmp)?$/

function chunkCount(size: number): number {
  return Math.max(1, Math.ceil(size / CHUNK_BYTES))
}

async function readChunk(db: Db, id: string, seq: number): Promise<Buffer> {
  const row = await db
    .selectFrom('file_chunks')
    .select('data')
    .where('file_id', '=', id)
    .where('seq', '=', seq)
    .executeTakeFirst()
  if (!row) throw new Error(`file ${id}: chunk ${seq} is missing`)
  return row.data
}

async function* chunksOf(db: Db, file: StoredFile): AsyncGenerator<Buffer> {
  for (let seq = 0; seq < chunkCount(file.size); seq++) yield await readChunk(db, file.id, seq)
}

/** Each chunk in its own short statement: no transaction holds back the event readers meanwhile. */
async function writeChunks(db: Db, id: string, bytes: Buffer): Promise<void> {
  for (let seq = 0; seq < chunkCount(bytes.length); seq++) {
    await db
      .insertInto('file_chunks')
      .values({ file_id: id, seq, data: bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES) })
      .execute()
  }
}

export type WorkerTarget = { dir: string } | { databaseUrl: string }

/** Writes a file under the id into `dir`: to a temporary name, then renamed (never half a file). */
export async function writeToDir(dir: string, id: string, bytes: Uint8Array): Promise<void> {
  if (!SAFE_ID.test(id)) throw new Error(`no file path for ${id}`)
  await mkdir(dir, { recursive: true })
  const tmp = join(dir, `${id}.${randomBytes(6).toString('hex')}.tmp`)
  await writeFile(tmp, bytes)
  await rename(tmp, join(dir, id))
}

/** Deletes a file's chunks (in the caller's transaction when it passes one). */
export async function deleteChunks(db: Pick<Db, 'deleteFrom'>, id: string): Promise<void> {
  await db.deleteFrom('file_chunks').where('file_id', '=', id).execute()
}

/**
 * The file bytes of a shop: on disk under `dir` when given (the embedded shop), else in the
 * database. Either reads what the other wrote before (old rows in chunks, for one).
 */
export function createFileBytes(
  db: Db,
  opts: { dir?: string | undefined; databaseUrl?: string | undefined } = {},
): FileBytes {
  const dir = opts.dir
  const pathOf = (id: string) => {
    if (!dir || !SAFE_ID.test(id)) throw new Error(`no file path for ${id}`)
    return join(dir, id)
  }
  return {
    storage: dir ? 'disk' : 'db',
    workerTarget: dir ? { dir } : opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : undefined,
    async write(id, bytes) {
      if (!dir) return writeChunks(db, id, bytes)
      await writeToDir(dir, id, bytes)
    },
    async discard(id, storage) {
      if (storage === 'disk') {
        await unlink(pathOf(id)).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err
        })
      } else await deleteChunks(db, id)
    },
    stream(file) {
      if (file.storage === 'disk') return createReadStream(pathOf(file.id), { highWaterMark: CHUNK_BYTES })
      return Readable.from(chunksOf(db, file), { objectMode: false })
    },
    async read(file) {
      if (file.storage === 'disk') return readFile(pathOf(file.id))
      const parts: Buffer[] = []
      for await (const chunk of chunksOf(db, file)) parts.push(chunk)
      return Buffer.concat(parts)
    },
  }
}
