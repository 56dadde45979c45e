import net from 'node:net'

// A TCP proxy between a process under test and a server it depends on (PostgreSQL, NATS), which a
// fault-injection test can make refuse connections, as a stopped server or a failover does, or
// swallow everything, as a network partition does (a "black hole": connections open, nothing
// comes back), and heal again on the same port.

export type TcpProxy = {
  readonly port: number
  /** The target's URL with the proxy's host and port instead. */
  via(url: string): string
  /** Stops listening and cuts every connection: new ones are refused (ECONNREFUSED). */
  refuse(): Promise<void>
  /**
   * A black hole: new connections are accepted and never answered, and the open ones forward
   * nothing more (until `accept`, which cuts them, as a partition's end resets them).
   */
  blackhole(): void
  /** Listens again on the same port and forwards new connections. */
  accept(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>()
  let swallowing = false
  const track = (s: net.Socket) => {
    open.add(s)
    s.on('close', () => open.delete(s))
    s.on('error', () => s.destroy())
  }
  const server = net.createServer((client) => {
    track(client)
    if (swallowing) {
      client.resume()
      return
    }
    const upstream = net.connect(target.port, target.host)
    track(upstream)
    client.pipe(upstream)
    upstream.pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as net.AddressInfo).port)
      })
    })
  const port = await listen(0)
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of open) s.destroy()
      if (!server.listening) return resolve()
      server.close(() => resolve())
    })
  return {
    port,
    via(url) {
      const u = new URL(url)
      u.hostname = '127.0.0.1'
      u.port = String(port)
      return u.toString()
    },
    refuse: stop,
    blackhole() {
      swallowing = true
      for (const s of open) {
        // Whatever arrives is read and dropped; nothing goes on.
        s.unpipe()
        s.removeAllListeners('data')
        s.on('data', () => {})
      }
    },
    async accept() {
      if (swallowing) {
        swallowing = false
        for (const s of open) s.destroy()
      }
      if (!server.listening) await listen(port)
    },
    close: stop,
  }
}
