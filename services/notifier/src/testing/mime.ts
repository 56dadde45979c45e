// A small MIME reader for the mails tests receive (mailparser is not available here): headers
// with RFC 2047 encoded words, multipart bodies, base64 and quoted-printable, UTF-8.

export type ParsedMail = {
  headers: Record<string, string>
  subject: string
  from: string
  to: string
  replyTo: string
  messageId: string
  text: string
  html: string
}

type Part = { headers: Record<string, string>; body: string }

function splitHead(raw: string): Part {
  const m = /\r?\n\r?\n/.exec(raw)
  const head = m ? raw.slice(0, m.index) : raw
  const body = m ? raw.slice(m.index + m[0].length) : ''
  const headers: Record<string, string> = {}
  let last: string | undefined
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && last) {
      headers[last] = `${headers[last]} ${line.trim()}`.trim()
      continue
    }
    const i = line.indexOf(':')
    if (i <= 0) continue
    last = line.slice(0, i).trim().toLowerCase()
    headers[last] = line.slice(i + 1).trim()
  }
  return { headers, body }
}

function decodeQpBytes(text: string, underscoreIsSpace: boolean): Buffer {
  const bytes: number[] = []
  const src = underscoreIsSpace ? text.replace(/_/g, ' ') : text.replace(/=\r?\n/g, '')
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(src.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(c, 'utf8'))
    }
  }
  return Buffer.from(bytes)
}

/** `=?UTF-8?B?…?=` / `=?UTF-8?Q?…?=` words; the space between two words is dropped. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQpBytes(text, true).toString('utf8'),
    )
}

function decodeBody(part: Part): string {
  const enc = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  if (enc === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (enc === 'quoted-printable') return decodeQpBytes(part.body, false).toString('utf8')
  return part.body
}

function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part]
  const sections = part.body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
  // [0] is the preamble; the section after the closing delimiter starts with "--".
  return sections
    .slice(1)
    .filter((s) => !s.startsWith('--'))
    .flatMap((s) => leaves(splitHead(s.replace(/^[ \t]*\r?\n/, ''))))
}

export function parseMail(raw: string): ParsedMail {
  const top = splitHead(raw)
  const parts = leaves(top)
  const ofType = (type: string) =>
    parts.find((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type))
  const text = ofType('text/plain')
  const html = ofType('text/html')
  const h = top.headers
  return {
    headers: h,
    subject: decodeHeader(h.subject ?? ''),
    from: decodeHeader(h.from ?? ''),
    to: decodeHeader(h.to ?? ''),
    replyTo: decodeHeader(h['reply-to'] ?? ''),
    messageId: h['message-id'] ?? '',
    text: text ? decodeBody(text).replace(/\r\n/g, '\n') : '',
    html: html ? decodeBody(html).replace(/\r\n/g, '\n') : '',
  }
}
