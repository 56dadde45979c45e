/** Logs in over HTTP and returns the headers a browser (axios) would send: cookies + CSRF. */
export async function login(
  baseUrl: string,
  username: string,
  password: string,
): Promise<{ status: number; headers: Record<string, string>; body: any }> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!)
  const csrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? ''
  return {
    status: res.status,
    headers: { cookie: cookies.join('; '), 'x-xsrf-token': csrf },
    body: await res.json(),
  }
}

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }), ...opts.headers },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}
