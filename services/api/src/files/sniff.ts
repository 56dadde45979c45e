// What a file is, decided by its bytes, never by its name or the type the client claims.

export type Sniffed = { mimeType: string; extension: string; isImage: boolean }

const starts = (b: Uint8Array, sig: number[], offset = 0) => sig.every((v, i) => b[offset + i] === v)
const ascii = (b: Uint8Array, text: string, offset = 0) =>
  starts(
    b,
    [...text].map((c) => c.charCodeAt(0)),
    offset,
  )

const OFFICE_ZIP: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
}
const OFFICE_LEGACY: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
}

function isUtf8Text(b: Uint8Array): boolean {
  if (b.length === 0) return false
  if (b.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b)
    return true
  } catch {
    return false
  }
}

/**
 * The type of a file from its content. Within a container family the name may choose (a
 * .docx is a zip; a .csv is text), but it can never turn one family into another.
 */
export function sniff(bytes: Uint8Array, name = ''): Sniffed | undefined {
  const ext = name.toLowerCase().split('.').pop() ?? ''
  if (starts(bytes, [0xff, 0xd8, 0xff])) return { mimeType: 'image/jpeg', extension: 'jpg', isImage: true }
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mimeType: 'image/png', extension: 'png', isImage: true }
  }
  if (ascii(bytes, 'GIF87a') || ascii(bytes, 'GIF89a'))
    return { mimeType: 'image/gif', extension: 'gif', isImage: true }
  if (ascii(bytes, '%PDF-')) return { mimeType: 'application/pdf', extension: 'pdf', isImage: false }
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const office = OFFICE_ZIP[ext]
    return office
      ? { mimeType: office, extension: ext, isImage: false }
      : { mimeType: 'application/zip', extension: 'zip', isImage: false }
  }
  if (starts(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const office = OFFICE_LEGACY[ext]
    return office ? { mimeType: office, extension: ext, isImage: false } : undefined
  }
  if (ascii(bytes, 'ftyp', 4)) return { mimeType: 'video/mp4', extension: 'mp4', isImage: false }
  if (starts(bytes, [0x1a, 0x45, 0xdf, 0xa3]))
    return { mimeType: 'video/webm', extension: 'webm', isImage: false }
  if (starts(bytes, [0x00, 0x00, 0x01, 0xba]) || starts(bytes, [0x00, 0x00, 0x01, 0xb3])) {
    return { mimeType: 'video/mpeg', extension: 'mpeg', isImage: false }
  }
  if (isUtf8Text(bytes)) {
    return ext === 'csv'
      ? { mimeType: 'text/csv', extension: 'csv', isImage: false }
      : { mimeType: 'text/plain', extension: 'txt', isImage: false }
  }
  return undefined
}

/** Spec §5: images accept jpg, jpeg, png, gif. */
export const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif'])

export type DataUrl = { declaredType: string | undefined; bytes: Buffer }

/** `data:[<type>][;base64],<data>`; undefined when it is not one. */
export function parseDataUrl(value: string): DataUrl | undefined {
  const m = /^data:([^;,]*)((?:;[^;,]*)*?),(.*)$/s.exec(value)
  if (!m) return undefined
  const isBase64 = /;base64$/i.test(m[2] ?? '')
  const payload = m[3] ?? ''
  if (isBase64) {
    if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(payload)) return undefined
    return { declaredType: m[1] || undefined, bytes: Buffer.from(payload, 'base64') }
  }
  try {
    return { declaredType: m[1] || undefined, bytes: Buffer.from(decodeURIComponent(payload), 'utf8') }
  } catch {
    return undefined
  }
}
