import { randomBytes } from 'node:crypto'
import net from 'node:net'
import { deleteStreams } from '@shop/kit/testing'
import { jetStreamName } from '@shop/shared/contracts/subjects'
import pg from 'pg'

/** One statement on the admin connection (CREATE / DROP DATABASE). */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl })
  await c.connect()
  try {
    await c.query(text)
  } finally {
    await c.end()
  }
}

/** The p-th percentile of already sorted samples (nearest rank). */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/** A subject root of its own for a bench run, and the deletion of its stream afterwards. */
export const benchSubjectRoot = (): string => `bench${randomBytes(3).toString('hex')}`

export async function deleteBenchStream(natsUrl: string, root: string): Promise<void> {
  await deleteStreams(natsUrl, new RegExp(`^${jetStreamName(root)}$`)).catch(() => 0)
}

/**
 * A minimal HTTP/1.1 client for load: one kept-alive socket, one request at a time, the request
 * bytes made once, the answer read only as far as its status and length. On a 2-core machine
 * the load generator shares the cores with the shop; this one costs a fraction of `fetch` (or
 * node:http), as wrk does for the usual benchmarks. Responses must carry Content-Length.
 */
export function rawHttpClient(target: URL, method: string, headers: Record<string, string>, body: string) {
  const payload = Buffer.from(body)
  const head = [
    `${method} ${target.pathname}${target.search} HTTP/1.1`,
    `host: ${target.host}`,
    'connection: keep-alive',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    `content-length: ${payload.length}`,
    '',
    '',
  ].join('\r\n')
  const request = Buffer.concat([Buffer.from(head), payload])
  let socket: net.Socket | undefined
  let buffer: Buffer = Buffer.alloc(0)
  let waiting: { resolve: (status: number) => void; reject: (err: Error) => void } | undefined

  const onData = (chunk: Buffer) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk])
    const end = buffer.indexOf('\r\n\r\n')
    if (end < 0 || !waiting) return
    const headText = buffer.subarray(0, end).toString('latin1')
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(headText)
    if (!length) return waiting.reject(new Error('response without content-length'))
    const total = end + 4 + Number(length[1])
    if (buffer.length < total) return
    const status = Number(headText.slice(9, 12))
    buffer = buffer.subarray(total)
    const done = waiting
    waiting = undefined
    done.resolve(status)
  }
  const connect = () =>
    new Promise<net.Socket>((resolve, reject) => {
      const s = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true })
      s.once('connect', () => resolve(s))
      s.once('error', reject)
      s.on('data', onData)
      s.on('close', () => {
        if (socket === s) socket = undefined
        waiting?.reject(new Error('connection closed'))
        waiting = undefined
      })
    })
  return {
    async send(): Promise<number> {
      socket ??= await connect()
      buffer = Buffer.alloc(0)
      return new Promise<number>((resolve, reject) => {
        waiting = { resolve, reject }
        socket!.write(request)
      })
    },
    close() {
      socket?.destroy()
    },
  }
}
