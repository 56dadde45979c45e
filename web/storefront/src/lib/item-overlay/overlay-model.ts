/**
 * The item overlay's few display decisions that are not React (the overlay is shared by the
 * menu's and the checkout's carts, issue 18): which files an upload part accepts.
 */
import type { PartType } from '@shop/shared/domain/catalogue'

/** Spec §5 uploads: images jpg, jpeg, png, gif; files txt, csv, images, mp4, mpeg, webm, zip, pdf, office. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif'
export const FILE_ACCEPT = [
  '.txt',
  '.csv',
  IMAGE_ACCEPT,
  '.mp4',
  '.mpeg',
  '.mpg',
  '.webm',
  '.zip',
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
].join(',')

export function acceptFor(type: PartType): string | undefined {
  if (type === 'image' || type === 'images') return IMAGE_ACCEPT
  if (type === 'file' || type === 'files') return FILE_ACCEPT
  return undefined
}

export function isMultipleUpload(type: PartType): boolean {
  return type === 'images' || type === 'files'
}
