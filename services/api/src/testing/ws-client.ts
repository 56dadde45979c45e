import WebSocket from 'ws'

export type TestSocket = {
  messages: unknown[]
  send(msg: unknown): void
  /** Resolves with the first message (seen or future) matching the predicate. */
  next<T = Record<string, unknown>>(
    match: (m: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<T>
  close(): Promise<void>
}

/** A WebSocket client for tests; `headers` go with the upgrade request (a staff session's cookie). */
export async function openSocket(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, { headers })
  const messages: Record<string, unknown>[] = []
  const waiters = new Set<{ match: (m: Record<string, unknown>) => boolean; resolve: (m: unknown) => void }>()
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as Record<string, unknown>
    messages.push(m)
    for (const w of waiters) {
      if (w.match(m)) {
        waiters.delete(w)
        w.resolve(m)
      }
    }
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return {
    messages,
    send: (msg) => ws.send(JSON.stringify(msg)),
    next<T>(match: (m: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<T> {
      const seen = messages.find(match)
      if (seen) return Promise.resolve(seen as T)
      return new Promise<T>((resolve, reject) => {
        const w = { match, resolve: (m: unknown) => resolve(m as T) }
        waiters.add(w)
        setTimeout(() => {
          if (waiters.delete(w))
            reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`))
        }, timeoutMs)
      })
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve()
        ws.once('close', () => resolve())
        ws.close()
      }),
  }
}
