import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

// favourEventLoop in a process of its own (it changes the priorities of the process it runs
// in): a worker thread and libuv's pool are started, and each thread's nice value is read back
// from /proc (field 19 of /proc/self/task/<id>/stat).

const MODULE = fileURLToPath(new URL('./thread-priority.ts', import.meta.url))

const SCRIPT = `
import { readdirSync, readFileSync } from 'node:fs'
import { pbkdf2 } from 'node:crypto'
import { Worker } from 'node:worker_threads'
const { favourEventLoop } = await import(process.argv[1])
const nice = () => Object.fromEntries(readdirSync('/proc/self/task').map((tid) => {
  const stat = readFileSync('/proc/self/task/' + tid + '/stat', 'utf8')
  return [tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])]
}))
const before = nice()
const stop = favourEventLoop(process.env, { intervalMs: 20 })
// Threads started later: a worker and libuv's pool (password hashing runs there).
const worker = new Worker('setInterval(() => {}, 1000)', { eval: true })
await new Promise((r) => worker.once('online', r))
await new Promise((r) => pbkdf2('x', 'y', 1, 8, 'sha256', r))
await new Promise((r) => setTimeout(r, 100))
const after = nice()
stop()
await worker.terminate()
process.stdout.write(JSON.stringify({ pid: String(process.pid), before, after }))
`

async function run(env: NodeJS.ProcessEnv = {}) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', SCRIPT, MODULE],
    { env: { ...process.env, ...env } },
  )
  return JSON.parse(stdout) as { pid: string; before: Record<string, number>; after: Record<string, number> }
}

describe('favourEventLoop (Linux)', () => {
  it('every thread but the event loop’s runs at nice 10, those started later too', async () => {
    const { pid, before, after } = await run()
    // The process's own priority (0 unless the tests themselves run under nice).
    const own = before[pid]!
    expect(own).toBeLessThan(10)
    expect(Object.values(before).every((n) => n === own)).toBe(true)
    expect(after[pid]).toBe(own)
    const helpers = Object.entries(after).filter(([tid]) => tid !== pid)
    // V8's platform threads, the worker and libuv's pool: more threads than at the start.
    expect(helpers.length).toBeGreaterThan(Object.keys(before).length - 1)
    expect(helpers.every(([, n]) => n === 10)).toBe(true)
  })

  it('THREAD_PRIORITY=off leaves every thread as it was', async () => {
    const { pid, after } = await run({ THREAD_PRIORITY: 'off' })
    expect(Object.keys(after).length).toBeGreaterThan(1)
    expect(Object.values(after).every((n) => n === after[pid])).toBe(true)
  })
})
