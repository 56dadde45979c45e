import { describe, expect, it } from 'vitest'
import { clipToCanvas, textBox } from './layout.ts'

const canvas = { width: 1200, height: 630 }

describe('clipToCanvas', () => {
  it('places a layer inside the canvas whole', () => {
    expect(clipToCanvas({ x: 10, y: 20, width: 100, height: 50 }, canvas)).toEqual({
      left: 10,
      top: 20,
      extract: { left: 0, top: 0, width: 100, height: 50 },
      whole: true,
    })
  })

  it('cuts a layer reaching past the top-left corner to its visible part', () => {
    expect(clipToCanvas({ x: -30, y: -5, width: 100, height: 50 }, canvas)).toEqual({
      left: 0,
      top: 0,
      extract: { left: 30, top: 5, width: 70, height: 45 },
      whole: false,
    })
  })

  it('cuts a layer reaching past the bottom-right corner and one larger than the canvas', () => {
    expect(clipToCanvas({ x: 1150, y: 600, width: 100, height: 100 }, canvas)?.extract).toEqual({
      left: 0,
      top: 0,
      width: 50,
      height: 30,
    })
    expect(clipToCanvas({ x: -10, y: -10, width: 2000, height: 2000 }, canvas)).toEqual({
      left: 0,
      top: 0,
      extract: { left: 10, top: 10, width: 1200, height: 630 },
      whole: false,
    })
  })

  it('answers nothing for a layer wholly outside or touching an edge only', () => {
    expect(clipToCanvas({ x: 1200, y: 0, width: 10, height: 10 }, canvas)).toBeUndefined()
    expect(clipToCanvas({ x: -10, y: 0, width: 10, height: 10 }, canvas)).toBeUndefined()
    expect(clipToCanvas({ x: 0, y: 700, width: 10, height: 10 }, canvas)).toBeUndefined()
  })
})

describe('textBox', () => {
  const measured = { width: 301, height: 80 }
  it('anchors by the alignment', () => {
    expect(textBox({ x: 600, y: 100, align: 'left' }, measured)).toEqual({
      x: 600,
      y: 100,
      width: 301,
      height: 80,
    })
    expect(textBox({ x: 600, y: 100, align: 'center' }, measured)).toEqual({
      x: 449,
      y: 100,
      width: 301,
      height: 80,
    })
    expect(textBox({ x: 600, y: 100, align: 'right' }, measured)).toEqual({
      x: 299,
      y: 100,
      width: 301,
      height: 80,
    })
  })
})
