import { describe, expect, it } from 'vitest'
import {
  ALLOWED_CLASSES,
  allowedAttribute,
  floatOfClass,
  fontSizeOfClass,
  parseVideoUrl,
  videoUrl,
} from './rich-text-markup.ts'

describe('classes of the rich-text markup', () => {
  it('keeps only the listed classes of an element', () => {
    expect(allowedAttribute('p', 'class', 'rt-size-24')).toBe('rt-size-24')
    expect(allowedAttribute('p', 'class', 'MsoNormal rt-size-32 lead')).toBe('rt-size-32')
    expect(allowedAttribute('p', 'class', 'rt-size-40')).toBeNull()
    expect(allowedAttribute('img', 'class', 'rt-float-left')).toBe('rt-float-left')
    // A float is for pictures, a size for paragraphs.
    expect(allowedAttribute('p', 'class', 'rt-float-left')).toBeNull()
    expect(allowedAttribute('img', 'class', 'rt-size-24')).toBeNull()
    expect(allowedAttribute('h2', 'class', 'rt-size-24')).toBeNull()
    expect(ALLOWED_CLASSES.p).toEqual(['rt-size-24', 'rt-size-28', 'rt-size-32', 'rt-media'])
  })

  it('reads the font size and the float back from the classes', () => {
    expect(fontSizeOfClass('x rt-size-28')).toBe(28)
    expect(fontSizeOfClass('rt-size-280')).toBeNull()
    expect(floatOfClass('rt-float-right')).toBe('right')
    expect(floatOfClass(null)).toBeNull()
  })
})

describe('parseVideoUrl', () => {
  it('knows the YouTube and Vimeo forms', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(parseVideoUrl(url), url).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ' })
    }
    expect(parseVideoUrl('https://vimeo.com/76979871')).toEqual({ provider: 'vimeo', id: '76979871' })
    expect(parseVideoUrl('https://player.vimeo.com/video/76979871?dnt=1')).toEqual({
      provider: 'vimeo',
      id: '76979871',
    })
  })

  it('refuses everything else', () => {
    for (const url of [
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onerror',
      'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/channels/staffpicks',
      'youtube.com/watch?v=dQw4w9WgXcQ',
      '',
    ]) {
      expect(parseVideoUrl(url), url).toBeNull()
    }
  })

  it('links to the platform page of the video', () => {
    expect(videoUrl({ provider: 'youtube', id: 'dQw4w9WgXcQ' })).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    )
    expect(videoUrl({ provider: 'vimeo', id: '76979871' })).toBe('https://vimeo.com/76979871')
  })
})
