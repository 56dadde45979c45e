import { randomBytes } from 'node:crypto'
import type { Bus, Db } from '@shop/kit'
import type { Actor } from '@shop/shared/contracts'
import sharp from 'sharp'
import { createResource, type ResourceRow } from '../resources/resource-store.ts'
import { type Sniffed, sniff } from './sniff.ts'

export type Decoded = Sniffed & { bytes: Buffer; width: number | null; height: number | null }

/** Metadata as a resource (an event plus rm_resources), the bytes in `files`: one transaction. */
export async function storeFile(
  deps: { db: Db; bus: Pick<Bus, 'notifyAppended'> },
  kind: 'upload' | 'image',
  decoded: Decoded,
  actor: Actor,
  extra: Record<string, unknown>,
): Promise<ResourceRow> {
  const publicHash = randomBytes(16).toString('hex')
  const data = {
    ...extra,
    mimeType: decoded.mimeType,
    extension: decoded.extension,
    size: decoded.bytes.length,
    width: decoded.width,
    height: decoded.height,
    ...(kind === 'upload' ? { publicHash } : {}),
  }
  return createResource({
    db: deps.db,
    bus: deps.bus,
    type: kind,
    actor,
    data,
    alongside: async (trx, id) => {
      await trx
        .insertInto('files')
        .values({
          id,
          version: 1,
          kind,
          public_hash: publicHash,
          mime_type: decoded.mimeType,
          extension: decoded.extension,
          size: decoded.bytes.length,
          width: decoded.width,
          height: decoded.height,
          data: decoded.bytes,
        })
        .execute()
    },
  })
}

/** An image made by the product itself (the demo's pictures): checked like an upload. */
export async function storeImage(
  deps: { db: Db; bus: Pick<Bus, 'notifyAppended'> },
  bytes: Buffer,
  actor: Actor,
  alt: string,
): Promise<ResourceRow> {
  const type = sniff(bytes)
  if (!type?.isImage) throw new Error('not an image')
  const meta = await sharp(bytes).metadata()
  return storeFile(
    deps,
    'image',
    { ...type, bytes, width: meta.width ?? null, height: meta.height ?? null },
    actor,
    {
      alt,
    },
  )
}
