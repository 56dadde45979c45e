import { errorBody, GenerationMovedError } from '@shop/kit'
import { describe, expect, it } from 'vitest'
import { defaultIds, mapCommandError } from './order-commands.ts'

describe('order ids', () => {
  it('a status-link hash is 128 random bits in hex, and none repeats across refills of the pool', () => {
    // 4 kB of pool hold 256 hashes: 1,000 draws refill it several times.
    const hashes = Array.from({ length: 1000 }, () => defaultIds.hash())
    for (const h of hashes) expect(h).toMatch(/^[0-9a-f]{32}$/)
    expect(new Set(hashes).size).toBe(hashes.length)
    // Not all zeros or a fixed pattern: every hex digit shows up.
    expect(new Set(hashes.join('')).size).toBe(16)
  })
})

describe('command errors as HTTP answers', () => {
  it('a catalogue that kept changing under the checkout is a 409 that asks to send again', () => {
    const err = mapCommandError(new GenerationMovedError('catalogue', '4', '9'))
    expect(err?.status).toBe(409)
    expect(errorBody(err!.errors, 'de-CH')).toEqual({
      errors: [
        {
          field: 'items',
          message: 'Das Sortiment wurde eben geändert. Bitte senden Sie die Bestellung noch einmal.',
        },
      ],
    })
    expect(errorBody(err!.errors, 'fr-FR').errors[0]!.message).toMatch(/^L'assortiment vient d'être modifié/)
  })
})
