import { createServer, type Server, type Socket } from 'node:net'

/** A network receipt printer for the tests: every byte it was sent, per connection. */
export type FakePrinter = { port: number; received: Buffer[]; stop(): Promise<void> }

/** Listens on 127.0.0.1 at a free port, like a printer on port 9100 takes ESC/POS. */
export function fakePrinter(): Promise<FakePrinter> {
  const received: Buffer[] = []
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('close', () => {
      sockets.delete(socket)
      received.push(Buffer.concat(chunks))
    })
    socket.on('error', () => {})
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve({
        port,
        received,
        stop: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy()
            server.close(() => done())
          }),
      })
    })
  })
}
