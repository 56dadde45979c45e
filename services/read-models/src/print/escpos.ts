import { encodeCp858 } from './cp858.ts'
import type { PrintLine } from './layout.ts'

// ESC/POS (Epson's command set, understood by most thermal receipt printers) for the laid-out
// lines. Only the widely supported commands: initialise, code page, bold, character size,
// line feed and cut.

const ESC = 0x1b
const GS = 0x1d
const LF = 0x0a

export const ESCPOS = {
  /** ESC @: reset the printer to its defaults (clears styles left by an earlier job). */
  init: [ESC, 0x40],
  /** ESC t 19: character code table PC858 (Western European with €). */
  codePage858: [ESC, 0x74, 19],
  /** ESC E n: emphasised (bold) on or off. */
  bold: (on: boolean) => [ESC, 0x45, on ? 1 : 0],
  /** GS ! n: character size; 0x11 is double width and double height. */
  size: (double: boolean) => [GS, 0x21, double ? 0x11 : 0x00],
  /** GS V 66 n: feed to the cutting position (plus n) and cut, leaving a hinge (partial cut). */
  cut: [GS, 0x56, 66, 3],
} as const

/**
 * The print job: init, code page, the lines in CP858 with their styles, the cut. Text was
 * fitted to CP858 by the layout; encodeCp858 fits again, so a control byte from customer
 * input can never reach the printer as a command.
 */
export function encodeEscPos(lines: readonly PrintLine[]): Uint8Array {
  const out: number[] = [...ESCPOS.init, ...ESCPOS.codePage858]
  let bold = false
  let double = false
  for (const line of lines) {
    const wantBold = line.bold === true
    const wantDouble = line.double === true
    if (wantBold !== bold) out.push(...ESCPOS.bold(wantBold))
    if (wantDouble !== double) out.push(...ESCPOS.size(wantDouble))
    bold = wantBold
    double = wantDouble
    for (const byte of encodeCp858(line.text)) out.push(byte)
    out.push(LF)
  }
  if (bold) out.push(...ESCPOS.bold(false))
  if (double) out.push(...ESCPOS.size(false))
  out.push(...ESCPOS.cut)
  return Uint8Array.from(out)
}
