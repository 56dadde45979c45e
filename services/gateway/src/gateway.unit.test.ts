import { describe, expect, it } from 'vitest'
import { sameOrigin } from './gateway.ts'

describe('the origin of a WebSocket upgrade', () => {
  it("accepts no Origin (not a browser) and a page of the request's own host", () => {
    expect(sameOrigin(undefined, 'shop.example:3000')).toBe(true)
    expect(sameOrigin('https://shop.example:3000', 'shop.example:3000')).toBe(true)
    expect(sameOrigin('http://127.0.0.1:41234', '127.0.0.1:41234')).toBe(true)
  })
  it('refuses another site, another port, no Host and a malformed Origin', () => {
    expect(sameOrigin('https://boese.example', 'shop.example')).toBe(false)
    expect(sameOrigin('http://127.0.0.1:5173', '127.0.0.1:3000')).toBe(false)
    expect(sameOrigin('https://shop.example', undefined)).toBe(false)
    expect(sameOrigin('null', 'shop.example')).toBe(false)
  })
})
