import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './processes.ts'
import { canConnect } from './resources.ts'

export type NatsServerProcess = {
  url: string
  port: number
  storeDir: string
  /** Kills the server (SIGKILL) and waits for it to exit. */
  kill(): Promise<void>
  /** Starts it again on the same port and store. */
  start(): Promise<void>
}

/** The nats-server program (NATS_SERVER_BIN, the Debian package's, or on the PATH). */
export function natsServerBinary(): string {
  for (const p of [
    process.env.NATS_SERVER_BIN,
    '/usr/sbin/nats-server',
    '/usr/bin/nats-server',
    '/usr/local/bin/nats-server',
  ]) {
    if (p && existsSync(p)) return p
  }
  return 'nats-server'
}

type Cluster = { name: string; port: number; routes: number[] }

/** A private nats-server with JetStream on a free port, for tests that kill it. */
export async function startNatsServer(
  opts: { name?: string; cluster?: Cluster; port?: number } = {},
): Promise<NatsServerProcess> {
  const port = opts.port ?? (await freePort())
  const storeDir = mkdtempSync(join(tmpdir(), 'shop-nats-'))
  let child: ChildProcess | undefined
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir]
  if (opts.name) args.push('-n', opts.name)
  if (opts.cluster)
    args.push(
      '--cluster_name',
      opts.cluster.name,
      '--cluster',
      `nats://127.0.0.1:${opts.cluster.port}`,
      '--routes',
      opts.cluster.routes.map((p) => `nats://127.0.0.1:${p}`).join(','),
    )
  const start = async () => {
    child = spawn(natsServerBinary(), args, { stdio: 'ignore' })
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      if (await canConnect('127.0.0.1', port, 200)) return
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`nats-server did not start on port ${port}`)
  }
  const kill = async () => {
    const c = child
    if (!c || c.exitCode !== null || c.signalCode !== null) return
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve())
      c.kill('SIGKILL')
    })
  }
  await start()
  return { url: `nats://127.0.0.1:${port}`, port, storeDir, kill, start }
}

export type NatsCluster = {
  nodes: NatsServerProcess[]
  /** Every node's URL, comma-separated (NATS_URL for the services). */
  url: string
  kill(): Promise<void>
}

/**
 * Three (or `size`) private nats-servers in one JetStream cluster, like infra/nats/cluster.conf:
 * each node can be killed and started again on its port and store.
 */
export async function startNatsCluster(size = 3, name = 'shop-test'): Promise<NatsCluster> {
  const clientPorts: number[] = []
  const routePorts: number[] = []
  for (let i = 0; i < size; i++) {
    clientPorts.push(await freePort())
    routePorts.push(await freePort())
  }
  const nodes = await Promise.all(
    clientPorts.map((port, i) =>
      startNatsServer({
        port,
        name: `${name}-${i + 1}`,
        cluster: { name, port: routePorts[i]!, routes: routePorts },
      }),
    ),
  )
  return {
    nodes,
    url: nodes.map((n) => n.url).join(','),
    kill: async () => {
      await Promise.all(nodes.map((n) => n.kill()))
    },
  }
}
