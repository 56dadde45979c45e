import { availableParallelism } from 'node:os'
import type { Readable } from 'node:stream'
import { Worker } from 'node:worker_threads'
import type { DecodeRequest, DecodeResult } from './upload-decode.worker.ts'

// Reads an upload's raw body in its network chunks (each copied into one buffer as it comes,
// counted against the caller's cap, so an oversized body is refused before it is all here) and
// has a worker thread parse and decode it (upload-decode.worker.ts).

export type { DecodeResult } from './upload-decode.worker.ts'

export class BodyTooLargeError extends Error {
  constructor() {
    super('upload body too large')
    this.name = 'BodyTooLargeError'
  }
}

/**
 * The body into one buffer, refusing past `maxBytes`. The buffer is its own allocation, so it
 * can be transferred to the worker without a copy.
 */
export function readBody(
  payload: Readable,
  declaredLength: number | undefined,
  maxBytes: number,
): Promise<{ buffer: ArrayBuffer; length: number }> {
  if (declaredLength !== undefined && declaredLength > maxBytes)
    return Promise.reject(new BodyTooLargeError())
  return new Promise((resolve, reject) => {
    let buf = Buffer.allocUnsafeSlow(Math.min(declaredLength ?? 64 * 1024, maxBytes))
    let length = 0
    const stop = () => {
      payload.removeListener('data', onData)
      payload.removeListener('end', onEnd)
      payload.removeListener('error', onError)
    }
    const onData = (chunk: Buffer | string) => {
      const piece = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
      if (length + piece.length > maxBytes) {
        stop()
        // The rest is read and dropped (destroying the request would drop the answer too).
        payload.resume()
        reject(new BodyTooLargeError())
        return
      }
      if (length + piece.length > buf.length) {
        const bigger = Buffer.allocUnsafeSlow(
          Math.min(maxBytes, Math.max(buf.length * 2, length + piece.length)),
        )
        buf.copy(bigger, 0, 0, length)
        buf = bigger
      }
      piece.copy(buf, length)
      length += piece.length
    }
    const onEnd = () => {
      stop()
      resolve({ buffer: buf.buffer as ArrayBuffer, length })
    }
    const onError = (err: Error) => {
      stop()
      reject(err)
    }
    payload.on('data', onData)
    payload.on('end', onEnd)
    payload.on('error', onError)
  })
}

type Pending = { resolve: (r: DecodeResult) => void; reject: (e: Error) => void }

/** A small pool of decode workers (started on first use; they do not keep the process alive). */
export class UploadDecoder {
  readonly #size: number
  readonly #workers: { worker: Worker; pending: Map<number, Pending> }[] = []
  #next = 1
  #closed = false

  constructor(size = Math.max(1, Math.min(2, availableParallelism() - 1))) {
    this.#size = size
  }

  #start() {
    const worker = new Worker(new URL('./upload-decode.worker.ts', import.meta.url))
    worker.unref()
    const slot = { worker, pending: new Map<number, Pending>() }
    worker.on('message', (result: DecodeResult) => {
      const p = slot.pending.get(result.id)
      slot.pending.delete(result.id)
      p?.resolve(result)
    })
    const fail = (err: Error) => {
      for (const p of slot.pending.values()) p.reject(err)
      slot.pending.clear()
      const i = this.#workers.indexOf(slot)
      if (i >= 0) this.#workers.splice(i, 1)
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`upload decoder exited with ${code}`)))
    this.#workers.push(slot)
    return slot
  }

  #slot() {
    const idle = this.#workers.find((w) => w.pending.size === 0)
    if (idle) return idle
    if (this.#workers.length < this.#size) return this.#start()
    return this.#workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a))
  }

  /** Parses the body and decodes its data URL in a worker; the buffer is handed over. */
  decode(body: { buffer: ArrayBuffer; length: number }, maxBytes: number): Promise<DecodeResult> {
    if (this.#closed) return Promise.reject(new Error('upload decoder closed'))
    const slot = this.#slot()
    const id = this.#next++
    return new Promise<DecodeResult>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject })
      const req: DecodeRequest = { id, body: body.buffer, length: body.length, maxBytes }
      slot.worker.postMessage(req, [body.buffer])
    })
  }

  async close(): Promise<void> {
    this.#closed = true
    await Promise.all(this.#workers.map((w) => w.worker.terminate()))
    this.#workers.length = 0
  }
}
