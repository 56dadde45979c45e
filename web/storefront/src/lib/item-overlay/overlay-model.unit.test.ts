import { describe, expect, it } from 'vitest'
import { acceptFor, isMultipleUpload } from './overlay-model.ts'

describe('item overlay model', () => {
  it('accepts the spec §5 upload types', () => {
    expect(acceptFor('image')).toContain('.jpeg')
    expect(acceptFor('images')).not.toContain('.pdf')
    for (const ext of ['.txt', '.csv', '.png', '.mp4', '.mpeg', '.webm', '.zip', '.pdf', '.docx', '.xlsx'])
      expect(acceptFor('files')).toContain(ext)
    expect(acceptFor('select')).toBeUndefined()
  })

  it('takes several files only for the plural upload parts', () => {
    expect(isMultipleUpload('images')).toBe(true)
    expect(isMultipleUpload('files')).toBe(true)
    expect(isMultipleUpload('image')).toBe(false)
    expect(isMultipleUpload('file')).toBe(false)
  })
})
