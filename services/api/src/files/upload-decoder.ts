import { availableParallelism } from 'node:os'
import type { Readable } from 'node:stream'
import { Worker } from 'node:worker_threads'
import type { WorkerTarget } from './file-bytes.ts'
import type { DecodeAnswer, WorkerAnswer, WorkerRequest } from './upload-decode.worker.ts'

// Reads an upload's raw body as the network delivers it (counted against the caller's cap, so an
// oversized body is refused before it is all here) and has a worker thread join, parse and
// decode it (upload-decode.worker.ts). The event loop never copies the body: each network read
// is its own buffer, handed over to the worker as it is. Copying 13.4 MB into a fresh buffer
// cost the loop about 7 ms per upload (most of it the first touch of new memory), and its
// garbage collection ran once per 64 MB of such buffers.

export type { DecodeAnswer } from './upload-decode.worker.ts'

export class BodyTooLargeError extends Error {
  constructor() {
    super('upload body too large')
    this.name = 'BodyTooLargeError'
  }
}

/** A raw body as the worker takes it: buffers in order, each its own, with their total length. */
export type RawBody = { chunks: ArrayBuffer[]; length: number }

/**
 * A chunk's bytes as a buffer of its own: the chunk's own when it spans all of it (no copy), else
 * a copy (a slice shares its buffer: the first read's headers, a pooled small buffer, whose slices
 * are at most half the pool).
 */
function ownBuffer(piece: Buffer): ArrayBuffer {
  const whole =
    piece.byteOffset === 0 &&
    piece.byteLength === piece.buffer.byteLength &&
    piece.buffer instanceof ArrayBuffer
  return whole ? piece.buffer : new Uint8Array(piece).buffer
}

/**
 * The body's chunks, refusing past `maxBytes`. Their buffers are taken over only once the body
 * has ended (the HTTP parser is done with them by then), to be transferred to the worker.
 */
export function readBody(
  payload: Readable,
  declaredLength: number | undefined,
  maxBytes: number,
): Promise<RawBody> {
  if (declaredLength !== undefined && declaredLength > maxBytes)
    return Promise.reject(new BodyTooLargeError())
  return new Promise((resolve, reject) => {
    const pieces: Buffer[] = []
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
        pieces.length = 0
        // The rest is read and dropped (destroying the request would drop the answer too).
        payload.resume()
        reject(new BodyTooLargeError())
        return
      }
      if (piece.length > 0) pieces.push(piece)
      length += piece.length
    }
    const onEnd = () => {
      stop()
      resolve({ chunks: pieces.map(ownBuffer), length })
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

type Pending = { resolve: (a: WorkerAnswer) => void; reject: (e: Error) => void }
type Slot = { worker: Worker; pending: Map<number, Pending> }

/** A decoded upload whose bytes wait in a worker for the route's decision. */
export type UploadJob = { readonly id: number; readonly slot: Slot }

/**
 * A small pool of upload workers (started on first use; they do not keep the process alive).
 * With a `target` they write accepted files to the store themselves.
 */
export class UploadDecoder {
  readonly #size: number
  readonly #target: WorkerTarget | undefined
  readonly #slots: Slot[] = []
  #next = 1
  #closed = false

  constructor(opts: { target?: WorkerTarget | undefined; size?: number } = {}) {
    this.#size = opts.size ?? Math.max(1, Math.min(2, availableParallelism() - 1))
    this.#target = opts.target
  }

  /** Whether accepted files are written by the worker (else `take` brings their bytes). */
  get writesItself(): boolean {
    return this.#target !== undefined
  }

  #start(): Slot {
    const worker = new Worker(new URL('./upload-decode.worker.ts', import.meta.url), {
      workerData: { target: this.#target },
    })
    worker.unref()
    const slot: Slot = { worker, pending: new Map() }
    worker.on('message', (answer: WorkerAnswer) => {
      const p = slot.pending.get(answer.id)
      slot.pending.delete(answer.id)
      p?.resolve(answer)
    })
    const fail = (err: Error) => {
      for (const p of slot.pending.values()) p.reject(err)
      slot.pending.clear()
      const i = this.#slots.indexOf(slot)
      if (i >= 0) this.#slots.splice(i, 1)
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`upload worker exited with ${code}`)))
    this.#slots.push(slot)
    return slot
  }

  #slot(): Slot {
    const idle = this.#slots.find((w) => w.pending.size === 0)
    if (idle) return idle
    if (this.#slots.length < this.#size) return this.#start()
    return this.#slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a))
  }

  #ask(slot: Slot, req: WorkerRequest, transfer: ArrayBuffer[] = []): Promise<WorkerAnswer> {
    if (this.#closed) return Promise.reject(new Error('upload decoder closed'))
    return new Promise<WorkerAnswer>((resolve, reject) => {
      slot.pending.set(req.id, { resolve, reject })
      slot.worker.postMessage(req, transfer)
    })
  }

  /** Parses the body and decodes its data URL in a worker; the chunks' buffers are handed over. */
  async decode(body: RawBody, maxBytes: number): Promise<{ answer: DecodeAnswer; job: UploadJob }> {
    const slot = this.#slot()
    const id = this.#next++
    const req: WorkerRequest = { type: 'decode', id, chunks: body.chunks, length: body.length, maxBytes }
    const answer = await this.#ask(slot, req, body.chunks)
    if (answer.type !== 'decoded') throw new Error(`upload worker: unexpected ${answer.type}`)
    const { type: _type, ...decoded } = answer
    return { answer: decoded, job: { id, slot } }
  }

  /** Writes the job's bytes to the store under `fileId` (in the worker). */
  async store(job: UploadJob, fileId: string): Promise<void> {
    const answer = await this.#ask(job.slot, { type: 'store', id: job.id, fileId })
    if (answer.type !== 'stored')
      throw new Error(`upload worker: ${answer.type === 'failed' ? answer.message : answer.type}`)
  }

  /** The job's bytes, handed over to this thread. */
  async take(job: UploadJob): Promise<Buffer> {
    const answer = await this.#ask(job.slot, { type: 'take', id: job.id })
    if (answer.type !== 'bytes')
      throw new Error(`upload worker: ${answer.type === 'failed' ? answer.message : answer.type}`)
    return Buffer.from(answer.bytes)
  }

  /** Forgets the job's bytes (a refused upload). */
  drop(job: UploadJob): void {
    if (!this.#closed) job.slot.worker.postMessage({ type: 'drop', id: job.id } satisfies WorkerRequest)
  }

  async close(): Promise<void> {
    this.#closed = true
    await Promise.all(this.#slots.map((w) => w.worker.terminate()))
    this.#slots.length = 0
  }
}
