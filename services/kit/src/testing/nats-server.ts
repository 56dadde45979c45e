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

function binary(): string {
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

/** A private nats-server with JetStream on a free port, for tests that kill it. */
export async function startNatsServer(): Promise<NatsServerProcess> {
  const port = await freePort()
  const storeDir = mkdtempSync(join(tmpdir(), 'shop-nats-'))
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn(binary(), ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
      stdio: 'ignore',
    })
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      if (await canConnect('127.0.0.1', port, 200)) return
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`nats-server did not start on port ${port}`)
  }
  const kill = async () => {
    const c = child
    if (!c || c.exitCode !== null) return
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve())
      c.kill('SIGKILL')
    })
  }
  await start()
  return { url: `nats://127.0.0.1:${port}`, port, storeDir, kill, start }
}
