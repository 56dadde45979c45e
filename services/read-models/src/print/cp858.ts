import { fitCharset } from './charset.ts'

/**
 * Code page 858 (CP850 with € at 0xD5 instead of the dotless i): Western European letters,
 * umlauts, ß and the euro sign in one byte each. ESC/POS printers select it with `ESC t 19`.
 * Bytes 0x00–0x7F are ASCII; this is the upper half, 0x80 first.
 */
const HIGH_HALF =
  'ÇüéâäàåçêëèïîìÄÅ' +
  'ÉæÆôöòûùÿÖÜø£Ø×ƒ' +
  'áíóúñÑªº¿®¬½¼¡«»' +
  '░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐' +
  '└┴┬├─┼ãÃ╚╔╩╦╠═╬¤' +
  'ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀' +
  'ÓßÔÒõÕµþÞÚÛÙýÝ¯´' +
  '\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0'

const BYTE_OF = new Map<number, number>([...HIGH_HALF].map((char, i) => [char.codePointAt(0)!, 0x80 + i]))

/** Printable in CP858: ASCII without control characters, and the upper half. */
export function inCp858(codePoint: number): boolean {
  return (codePoint >= 0x20 && codePoint < 0x7f) || BYTE_OF.has(codePoint)
}

/** Text as CP858 can print it (see fitCharset): one character per column. */
export function fitCp858(text: string): string {
  return fitCharset(text, inCp858)
}

/**
 * CP858 bytes of `text`. Anything outside the code page is replaced first (fitCp858), so a
 * customer's emoji or a control character can neither fail the print nor inject a command.
 */
export function encodeCp858(text: string): Uint8Array {
  const fitted = fitCp858(text)
  const bytes = new Uint8Array(fitted.length)
  let n = 0
  for (const char of fitted) {
    const cp = char.codePointAt(0)!
    bytes[n++] = cp < 0x80 ? cp : (BYTE_OF.get(cp) ?? 0x3f)
  }
  return bytes.subarray(0, n)
}

/** Text of CP858 bytes (for previews and tests); control bytes come back as they are. */
export function decodeCp858(bytes: Uint8Array): string {
  let out = ''
  for (const byte of bytes) out += byte < 0x80 ? String.fromCharCode(byte) : HIGH_HALF[byte - 0x80]
  return out
}
