import { describe, expect, it } from 'vitest'
import { branchIdentifierOf, pagePathOf } from './analytics.ts'

describe('page views', () => {
  it('never records the status link’s uid and hash', () => {
    expect(pagePathOf('/status/3f1c9a/9b8e7d')).toBe('/status')
    expect(pagePathOf('/kiosk/zuerich-altstadt/status/3f1c9a/9b8e7d')).toBe('/kiosk/zuerich-altstadt/status')
    expect(pagePathOf('/store/zuerich-altstadt')).toBe('/store/zuerich-altstadt')
    expect(pagePathOf('')).toBe('/')
    expect(pagePathOf(`/${'x'.repeat(400)}`)).toHaveLength(300)
  })

  it('knows the branch of a branch page', () => {
    expect(branchIdentifierOf('/store/zuerich-altstadt/checkout')).toBe('zuerich-altstadt')
    expect(branchIdentifierOf('/kiosk/winterthur')).toBe('winterthur')
    expect(branchIdentifierOf('/site/impressum')).toBeUndefined()
  })
})
