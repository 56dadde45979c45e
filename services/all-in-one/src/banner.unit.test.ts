import { paths } from '@shop/ui/routes'
import { describe, expect, it } from 'vitest'
import { boardUrl, startupBanner } from './banner.ts'

// Issue 18 item 11: the start-up banner's board link answered the API's JSON list of orders.
// It is the back-office's board page for the counter tablet, the route the tablet links of the
// back-office use (served as the back-office's page: distributed-web.int.test.ts).

const base = 'http://127.0.0.1:3000'
const branch = { id: 'b1', name: 'Huber Zürich Altstadt', apiKey: 'k-abc/def' }

describe('the start-up banner', () => {
  it("links the board to the back-office's tablet page, not to the API", () => {
    const text = startupBanner({ base, mode: 'embedded', branch, testPaymentsWarning: null })
    const line = text.split('\n').find((l) => l.includes('Frontdesk board'))
    expect(line).toBe(`  Frontdesk board (Huber Zürich Altstadt): ${boardUrl(base, branch)}`)
    expect(boardUrl(base, branch)).toBe(
      `${base}${paths.backend.url(paths.backend.frontdeskKey(branch.id, branch.apiKey))}`,
    )
    expect(line).not.toContain('/api/')
  })

  it('names the test payments while they are on, and no board without a branch', () => {
    const text = startupBanner({ base, mode: 'embedded', branch: undefined, testPaymentsWarning: 'TEST' })
    expect(text).toContain('  !! TEST')
    expect(text).not.toContain('Frontdesk board')
  })
})
