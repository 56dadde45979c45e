import { readdirSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'
import { isMainThread } from 'node:worker_threads'

// The event loop's thread first. Every other thread of a shop process does background work: V8's
// helpers (garbage collection, compilation), libuv's pool (files, DNS, password hashing), sharp's
// threads, the upload workers. Where a machine is short of cores, a request's answer should not
// wait for any of them: they run at nice 10, the event loop at the process's own priority. On the
// uploads benchmark (two cores, ten clients uploading 10 MB each) this took the /healthz p99
// from 55-113 ms to 20-30 ms (docs/benchmarks.md). Linux only: there a thread's nice value is
// its own, set through its id; elsewhere nothing changes.

/** Nice value of the helper threads (0 is the default, 19 the lowest priority). */
export const HELPER_NICENESS = 10

/** Lowers every thread of this process but the event loop's to `niceness`; answers how many moved. */
export function lowerHelperThreads(niceness = HELPER_NICENESS): number {
  let moved = 0
  let tids: string[]
  try {
    tids = readdirSync('/proc/self/task')
  } catch {
    return 0
  }
  for (const name of tids) {
    const tid = Number(name)
    if (!Number.isInteger(tid) || tid === process.pid) continue
    try {
      if (getPriority(tid) >= niceness) continue
      setPriority(tid, niceness)
      moved++
    } catch {
      // The thread ended meanwhile, or this system does not allow it: nothing to do.
    }
  }
  return moved
}

/**
 * Keeps the helper threads below the event loop: now, and every `intervalMs` for threads started
 * later (libuv's pool and sharp's threads start on first use). Only in the main thread of a
 * process's entry point (never in tests that start a shop inside the test runner), and not with
 * THREAD_PRIORITY=off. Answers a function that stops the checks.
 */
export function favourEventLoop(
  /** THREAD_PRIORITY (`config.threadPriority`), or an environment that holds it. */
  setting: 'on' | 'off' | Readonly<Record<string, string | undefined>> = 'on',
  opts: { intervalMs?: number } = {},
): () => void {
  const off = (typeof setting === 'string' ? setting : setting.THREAD_PRIORITY) === 'off'
  if (!isMainThread || process.platform !== 'linux' || off) return () => {}
  lowerHelperThreads()
  const timer = setInterval(() => lowerHelperThreads(), opts.intervalMs ?? 2000)
  timer.unref()
  return () => clearInterval(timer)
}
