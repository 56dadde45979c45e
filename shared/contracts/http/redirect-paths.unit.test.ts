import { describe, expect, it } from 'vitest'
import {
  branchIdentifierOfPath,
  internalTargetPath,
  normaliseRedirectPath,
  reservedPathOf,
} from './redirect-paths.ts'
import { createRedirectBodySchema } from './resources.http.ts'

describe('redirect paths', () => {
  it('compares paths without query, fragment and trailing slashes', () => {
    expect(normaliseRedirectPath('/a/b/?x=1#top')).toBe('/a/b')
    expect(normaliseRedirectPath('/')).toBe('/')
    expect(normaliseRedirectPath('///')).toBe('/')
    expect(normaliseRedirectPath('/%C3%BCber')).toBe('/über')
    expect(internalTargetPath('/neu/?utm=1')).toBe('/neu')
    expect(internalTargetPath('https://example.com/neu')).toBeUndefined()
    expect(internalTargetPath('//example.com/neu')).toBeUndefined()
  })

  it('knows the fixed routes and the server paths, not their look-alikes', () => {
    expect(reservedPathOf('/api/orders')).toBe('/api')
    expect(reservedPathOf('/Backend/')).toBe('/backend')
    expect(reservedPathOf('/status/u/h')).toBe('/status')
    expect(reservedPathOf('/')).toBe('/')
    expect(reservedPathOf('/robots.txt')).toBe('/robots.txt')
    expect(reservedPathOf('/apiary')).toBeUndefined()
    expect(reservedPathOf('/store/dorf')).toBeUndefined()
    expect(branchIdentifierOfPath('/store/dorf/checkout')).toBe('dorf')
    expect(branchIdentifierOfPath('/stores/dorf')).toBeUndefined()
  })

  it('the contract refuses a self-loop after normalising and a reserved path', () => {
    const loop = createRedirectBodySchema.safeParse({ path: '/x', target: '/x/?a=1' })
    expect(loop.success).toBe(false)
    expect(loop.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['target', 'validation.redirectLoop'],
    ])
    const reserved = createRedirectBodySchema.safeParse({ path: '/backend/x', target: '/neu' })
    expect(reserved.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['path', 'validation.redirectReserved'],
    ])
    expect(createRedirectBodySchema.parse({ path: '/alt', target: 'https://example.com/' })).toEqual({
      path: '/alt',
      target: 'https://example.com/',
      statusCode: 301,
    })
  })
})
