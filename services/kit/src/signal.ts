/**
 * A wake-up flag for polling loops: `wait(ms)` resolves after `ms` or as soon as `notify()` is
 * called; a notify that arrives while nobody waits is kept for the next wait.
 */
export class WakeSignal {
  #pending = false
  #resolve: (() => void) | undefined
  #timer: NodeJS.Timeout | undefined

  notify(): void {
    if (this.#resolve) {
      const r = this.#resolve
      this.#clear()
      r()
    } else {
      this.#pending = true
    }
  }

  wait(ms: number): Promise<boolean> {
    if (this.#pending) {
      this.#pending = false
      return Promise.resolve(true)
    }
    return new Promise<boolean>((resolve) => {
      this.#resolve = () => resolve(true)
      this.#timer = setTimeout(() => {
        this.#clear()
        resolve(false)
      }, ms)
    })
  }

  #clear(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = undefined
    this.#resolve = undefined
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/**
 * Lets the event loop run what is waiting (I/O callbacks, other requests) before going on: for
 * long stretches of synchronous work in a process that also answers requests.
 */
export const yieldToEventLoop = () => new Promise<void>((r) => setImmediate(r))
