/** A cookie the page may read (not httpOnly), decoded; undefined when absent. */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return decodeURIComponent(v.join('='))
  }
  return undefined
}

export function writeCookie(name: string, value: string, maxAgeDays: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(maxAgeDays * 86400)}; Path=/; SameSite=Lax${secure}`
}
