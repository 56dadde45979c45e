import { createServer, type Server } from 'node:net'

/**
 * A network receipt printer for tests: a TCP server on 127.0.0.1 that records the bytes of each
 * connection (one job per connection). `down()` stops listening (the printer switched off; the
 * port then refuses), `up()` listens again on the same port.
 */
export type FakePrinter = {
  readonly port: number
  /** The bytes of each finished connection, in order. */
  readonly jobs: Buffer[]
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
}

export async function startFakePrinter(opts: { listening?: boolean } = {}): Promise<FakePrinter> {
  const jobs: Buffer[] = []
  let server: Server | undefined
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer((socket) => {
        const chunks: Buffer[] = []
        socket.on('data', (chunk) => chunks.push(chunk))
        socket.on('end', () => {
          // An empty connection is a probe, not a job.
          if (chunks.length > 0) jobs.push(Buffer.concat(chunks))
          socket.end()
        })
        socket.on('error', () => {})
      })
      s.once('error', reject)
      s.listen(port, '127.0.0.1', () => {
        server = s
        resolve((s.address() as { port: number }).port)
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve()
      server.close(() => resolve())
      server = undefined
    })
  const port = await listen(0)
  if (opts.listening === false) await stop()
  return {
    port,
    jobs,
    down: stop,
    async up() {
      await listen(port)
    },
    close: stop,
  }
}
