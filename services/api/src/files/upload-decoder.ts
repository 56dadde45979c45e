import { availableParallelism } from 'node:os'
import type { Readable } from 'node:stream'
import { Worker } from 'node:worker_threads'
import type { WorkerTarget } from './file-bytes.ts'
import type { DecodeAnswer, WorkerAnswer, WorkerRequest } from './upload-decode.worker.ts'

// Reads an upload's raw body as the network delivers it (counted against the caller's cap, so an
// oversized body is refused before it is all here) and has a worker thread join, parse and
// decode it (upload-decode.worker.ts). The event loop never copies the body and never holds it:
// each network read is its own buffer, handed over to the worker as it arrives (in batches of
// about 1 MB). Copying 13.4 MB into a fresh buffer cost the loop about 7 ms per upload (most of
// it the first touch of new memory). Holding the buffers until the body had ended let ten
// bodies' worth (134 MB) count against the loop's heap limits, and its full garbage collection
// ran once per 64 MB of them; a buffer handed over leaves that count at once.

export type { DecodeAnswer } from './upload-decode.worker.ts'

export class BodyTooLargeError extends Error {
  constructor() {
    super('upload body too large')
    this.name = 'BodyTooLargeError'
  }
}

/** The client went away before its body had all arrived (nobody reads the answer). */
export class BodyAbortedError extends Error {
  constructor(cause?: unknown) {
    super('upload body ended early', { cause })
    this.name = 'BodyAbortedError'
  }
}

/** Takes a body's chunks in order, each a buffer of its own, to be handed over as it is. */
export type ChunkSink = (chunk: ArrayBuffer) => void

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
 * Reads the body into `sink` chunk by chunk, refusing past `maxBytes`; answers its length. Each
 * chunk is the HTTP parser's copy of what it read, no longer its own once emitted, so its buffer
 * can be handed over at once. A body that ends early (the client went away) is an error.
 */
export function readBody(
  payload: Readable,
  declaredLength: number | undefined,
  maxBytes: number,
  sink: ChunkSink,
): Promise<number> {
  if (declaredLength !== undefined && declaredLength > maxBytes)
    return Promise.reject(new BodyTooLargeError())
  return new Promise((resolve, reject) => {
    let length = 0
    const stop = () => {
      payload.removeListener('data', onData)
      payload.removeListener('end', onEnd)
      payload.removeListener('error', onError)
      payload.removeListener('close', onClose)
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
      length += piece.length
      if (piece.length > 0) sink(ownBuffer(piece))
    }
    const onEnd = () => {
      stop()
      resolve(length)
    }
    // A reset connection ("aborted", ECONNRESET) or a stream closed before its end: the client's
    // doing, told apart from the shop's own failures.
    const onError = (err?: Error) => {
      stop()
      reject(new BodyAbortedError(err))
    }
    const onClose = () => onError()
    payload.on('data', onData)
    payload.on('end', onEnd)
    payload.on('error', onError)
    payload.on('close', onClose)
  })
}

/** An upload whose body goes to a worker as it arrives; `decode` once it is all there. */
export type UploadStream = {
  readonly push: ChunkSink
  decode(length: number, maxBytes: number): Promise<{ answer: DecodeAnswer; job: UploadJob }>
  /** Forgets what was sent (a refused or broken body). */
  abort(): void
}

/** Chunks are sent on in batches of about this size (fewer messages, each still short-lived). */
const BATCH_BYTES = 1024 * 1024

type Pending = { resolve: (a: WorkerAnswer) => void; reject: (e: Error) => void }
/** A worker, the answers it owes and the bodies it is being sent. */
type Slot = { worker: Worker; pending: Map<number, Pending>; streams: Set<number> }

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
    const slot: Slot = { worker, pending: new Map(), streams: new Set() }
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
    const busy = (w: Slot) => w.pending.size + w.streams.size
    const idle = this.#slots.find((w) => busy(w) === 0)
    if (idle) return idle
    if (this.#slots.length < this.#size) return this.#start()
    return this.#slots.reduce((a, b) => (busy(b) < busy(a) ? b : a))
  }

  #ask(slot: Slot, req: WorkerRequest): Promise<WorkerAnswer> {
    if (this.#closed) return Promise.reject(new Error('upload decoder closed'))
    return new Promise<WorkerAnswer>((resolve, reject) => {
      slot.pending.set(req.id, { resolve, reject })
      slot.worker.postMessage(req)
    })
  }

  /** Starts an upload: its chunks go to a worker as they come, which then parses and decodes it. */
  begin(): UploadStream {
    const slot = this.#slot()
    const id = this.#next++
    slot.streams.add(id)
    let batch: ArrayBuffer[] = []
    let batchBytes = 0
    let open = true
    const flush = () => {
      if (batch.length === 0) return
      const chunks = batch
      batch = []
      batchBytes = 0
      if (!this.#closed)
        slot.worker.postMessage({ type: 'chunks', id, chunks } satisfies WorkerRequest, chunks)
    }
    const close = () => {
      open = false
      slot.streams.delete(id)
      batch = []
    }
    return {
      push: (chunk) => {
        if (!open) return
        batch.push(chunk)
        batchBytes += chunk.byteLength
        if (batchBytes >= BATCH_BYTES) flush()
      },
      decode: async (length, maxBytes) => {
        if (!open) throw new Error('upload stream closed')
        flush()
        close()
        const answer = await this.#ask(slot, { type: 'decode', id, length, maxBytes })
        if (answer.type !== 'decoded') throw new Error(`upload worker: unexpected ${answer.type}`)
        const { type: _type, ...decoded } = answer
        return { answer: decoded, job: { id, slot } }
      },
      abort: () => {
        if (!open) return
        close()
        if (!this.#closed) slot.worker.postMessage({ type: 'drop', id } satisfies WorkerRequest)
      },
    }
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
