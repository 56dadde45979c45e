import { decodeCp858 } from '@shop/read-models/print'

// Reads an ESC/POS job back the way a printer would: commands change the style, LF ends a
// line. Knows exactly the commands escpos.ts sends and fails on any other control byte.

export type PrintedLine = { text: string; bold: boolean; double: boolean; columns: number }

export type ParsedJob = { commands: string[]; lines: PrintedLine[] }

export function parseEscPos(bytes: Uint8Array): ParsedJob {
  const commands: string[] = []
  const lines: PrintedLine[] = []
  let bold = false
  let double = false
  let text: number[] = []
  let i = 0
  const hex = (n: number) =>
    bytes
      .subarray(i, i + n)
      .reduce((s, b) => `${s} ${b.toString(16).padStart(2, '0')}`, '')
      .trim()
  while (i < bytes.length) {
    const b = bytes[i]!
    if (b === 0x0a) {
      const decoded = decodeCp858(Uint8Array.from(text))
      lines.push({ text: decoded, bold, double, columns: decoded.length * (double ? 2 : 1) })
      text = []
      i += 1
    } else if (b === 0x1b && bytes[i + 1] === 0x40) {
      commands.push(hex(2))
      i += 2
    } else if (b === 0x1b && (bytes[i + 1] === 0x74 || bytes[i + 1] === 0x45 || bytes[i + 1] === 0x64)) {
      if (bytes[i + 1] === 0x45) bold = bytes[i + 2] === 1
      commands.push(hex(3))
      i += 3
    } else if (b === 0x1d && bytes[i + 1] === 0x21) {
      double = bytes[i + 2] === 0x11
      commands.push(hex(3))
      i += 3
    } else if (b === 0x1d && bytes[i + 1] === 0x56) {
      const n = bytes[i + 2] === 65 || bytes[i + 2] === 66 ? 4 : 3
      commands.push(hex(n))
      i += n
    } else if (b < 0x20 || b === 0x7f) {
      throw new Error(`unexpected control byte 0x${b.toString(16)} at ${i}`)
    } else {
      text.push(b)
      i += 1
    }
  }
  if (text.length > 0) throw new Error('text after the last line feed')
  return { commands, lines }
}
