import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..')

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))))
    })
  })
}

export type ServiceProcess = {
  name: string
  port: number
  url: string
  child: ChildProcess
  output: () => string
  kill(signal?: NodeJS.Signals): Promise<void>
}

/**
 * Starts one of the service entry points (e.g. 'services/publisher/src/main.ts') as its own
 * Node process on a free port and waits until /readyz answers.
 */
export async function spawnService(
  name: string,
  entry: string,
  env: Record<string, string>,
  timeoutMs = 20_000,
  /** Sees the process's output as it comes (a test that waits for a log line before it acts). */
  onOutput?: (all: string) => void,
): Promise<ServiceProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, [join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (d) => {
    out += d.toString()
    onOutput?.(out)
  })
  child.stderr?.on('data', (d) => {
    out += d.toString()
    onOutput?.(out)
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${out}`)
    try {
      const res = await fetch(`${url}/readyz`)
      if (res.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${name} not ready within ${timeoutMs} ms:\n${out}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    name,
    port,
    url,
    child,
    output: () => out,
    kill: (signal: NodeJS.Signals = 'SIGKILL') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill(signal)
      }),
  }
}

/** Starts several service entry points at once, each its own process; answers them by name. */
export async function spawnServices(
  entries: Record<string, string>,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<Record<string, ServiceProcess>> {
  const started = await Promise.all(
    Object.entries(entries).map(
      async ([name, entry]) => [name, await spawnService(name, entry, env, timeoutMs)] as const,
    ),
  )
  return Object.fromEntries(started)
}
