import { randomBytes, randomUUID } from 'node:crypto'
import { type Bus, type Database, type Db, HttpError, msg } from '@shop/kit'
import type { Actor } from '@shop/shared/contracts'
import { fontFamilyKey } from '@shop/shared/contracts'
import type { Transaction } from 'kysely'
import type { FileBytes } from '../files/file-bytes.ts'
import { deleteFileRow } from '../files/upload-uses.ts'
import { type ResourceRow, updateResource } from '../resources/resource-store.ts'
import { bundledFamilies, compareVariants, type FontFileRef } from './font-catalog.ts'
import { FONT_MIME, type FontFormat } from './font-formats.ts'

// An uploaded font file: its bytes in the file store (like an image's, `files` row of kind
// 'font'), named by the font resource's `files[variant]`. A new file for a variant replaces the
// old one in the same transaction.

type FontData = { family: string; variants: string[]; files?: Record<string, FontFileRef> }

export async function storeFontFile(
  deps: { db: Db; bus: Pick<Bus, 'notifyAppended'>; files: FileBytes; now: Date },
  font: { id: string; version: number },
  variant: string,
  format: FontFormat,
  bytes: Buffer,
  actor: Actor,
): Promise<ResourceRow> {
  const fileId = randomUUID()
  await deps.files.write(fileId, bytes)
  let replaced: string | undefined
  try {
    return await updateResource<FontData>({
      db: deps.db,
      bus: deps.bus,
      type: 'font',
      id: font.id,
      version: font.version,
      actor,
      now: deps.now,
      data: (current) => {
        replaced = current.files?.[variant]?.id
        return {
          ...current,
          variants: [...new Set([...current.variants, variant])].sort(compareVariants),
          files: { ...current.files, [variant]: { id: fileId, format, size: bytes.length } },
        }
      },
      alongside: async (trx) => {
        await trx
          .insertInto('files')
          .values({
            id: fileId,
            version: 1,
            kind: 'font',
            public_hash: randomBytes(16).toString('hex'),
            mime_type: FONT_MIME[format],
            extension: format,
            size: bytes.length,
            width: null,
            height: null,
            storage: deps.files.storage,
            by_customer: false,
            created_at: deps.now,
          })
          .execute()
        if (replaced) await deleteFileRow(trx, replaced)
      },
    })
  } catch (err) {
    await deps.files.discard(fileId, deps.files.storage).catch(() => {})
    throw err
  }
}

/** A font's file rows go with the font (in the delete's transaction). */
export async function deleteFontFiles(trx: Transaction<Database>, fontId: string): Promise<void> {
  const row = await trx
    .selectFrom('rm_resources')
    .select('data')
    .where('type', '=', 'font')
    .where('id', '=', fontId)
    .executeTakeFirst()
  const files = (row?.data as FontData | undefined)?.files ?? {}
  for (const file of Object.values(files)) await deleteFileRow(trx, file.id)
}

/** The stored font file with this id (kind 'font'), for GET /api/fonts/files/upload/…. */
export async function findFontFile(db: Db, id: string) {
  return db
    .selectFrom('files')
    .select(['id', 'storage', 'size', 'mime_type', 'extension'])
    .where('id', '=', id)
    .where('kind', '=', 'font')
    .executeTakeFirst()
}

/** A family name is the shop's once: not a bundled one, not another uploaded font's. */
export async function refuseTakenFamily(
  trx: Transaction<Database>,
  id: string,
  family: string,
): Promise<void> {
  const key = fontFamilyKey(family)
  if (bundledFamilies().some((b) => fontFamilyKey(b.family) === key)) {
    throw new HttpError(400, msg('valueUsed'), 'family')
  }
  const others = await trx
    .selectFrom('rm_resources')
    .select(['id', 'data'])
    .where('type', '=', 'font')
    .where('id', '!=', id)
    .execute()
  if (others.some((o) => fontFamilyKey(String((o.data as FontData).family ?? '')) === key)) {
    throw new HttpError(400, msg('valueUsed'), 'family')
  }
}

/** The config fields that name this family (a font chosen there cannot be deleted). */
export async function configFieldsUsingFamily(trx: Transaction<Database>, fontId: string): Promise<string[]> {
  const font = await trx
    .selectFrom('rm_resources')
    .select('data')
    .where('type', '=', 'font')
    .where('id', '=', fontId)
    .executeTakeFirst()
  const config = await trx
    .selectFrom('rm_resources')
    .select('data')
    .where('type', '=', 'config')
    .executeTakeFirst()
  if (!font || !config) return []
  const key = fontFamilyKey(String((font.data as FontData).family ?? ''))
  const data = config.data as Record<string, unknown>
  return ['headingFont', 'bodyFont'].filter(
    (field) => typeof data[field] === 'string' && fontFamilyKey(data[field] as string) === key,
  )
}
