// Where each layer of an image template lands on its canvas. sharp composites only an overlay
// that lies wholly inside the canvas, so a layer reaching past an edge is cut to its visible
// part first (`clipToCanvas`); a text layer's box follows from its anchor, its alignment and
// the size its lines took (`textBox`).

export type Size = { width: number; height: number }
export type Box = { x: number; y: number; width: number; height: number }

/** Where the visible part goes (left, top) and which part of the layer's own pixels it is. */
export type Placement = {
  left: number
  top: number
  extract: { left: number; top: number; width: number; height: number }
  /** True when the whole layer is visible (no extract needed). */
  whole: boolean
}

/** The visible part of a box on the canvas; undefined when none of it is. */
export function clipToCanvas(box: Box, canvas: Size): Placement | undefined {
  const left = Math.max(0, box.x)
  const top = Math.max(0, box.y)
  const right = Math.min(canvas.width, box.x + box.width)
  const bottom = Math.min(canvas.height, box.y + box.height)
  if (right <= left || bottom <= top) return undefined
  const extract = { left: left - box.x, top: top - box.y, width: right - left, height: bottom - top }
  return { left, top, extract, whole: extract.width === box.width && extract.height === box.height }
}

/**
 * The box of a text block `measured` wide and high whose anchor is (x, y): x is its left edge
 * (align left), its centre (center) or its right edge (right); y is the top of its first line.
 */
export function textBox(
  anchor: { x: number; y: number; align: 'left' | 'center' | 'right' },
  measured: Size,
): Box {
  const x =
    anchor.align === 'center'
      ? anchor.x - Math.round(measured.width / 2)
      : anchor.align === 'right'
        ? anchor.x - measured.width
        : anchor.x
  return { x, y: anchor.y, width: measured.width, height: measured.height }
}
