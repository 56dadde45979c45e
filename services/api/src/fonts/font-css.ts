// The @font-face rules of one family and variant (GET /api/fonts/google/{family}/style-{variant}.embed.css):
// every URL is the shop's own, `font-display: swap` shows the text in a fallback font at once,
// and a face per subset with its unicode-range lets the browser fetch only what a page uses.

export type FontFace = {
  weight: number
  style: 'normal' | 'italic'
  /** The shop's URL of the file (absolute path). */
  url: string
  /** The `format()` hint: woff2, woff, truetype, opentype. */
  format: string
  /** `U+0000-00FF,U+0131,…`; none: the face covers every character. */
  unicodeRange?: string | undefined
  /** The subset's name, written as a comment above its face. */
  subset?: string | undefined
}

const UNICODE_RANGE =
  /^U\+[0-9A-Fa-f?]{1,6}(?:-[0-9A-Fa-f]{1,6})?(?:,\s*U\+[0-9A-Fa-f?]{1,6}(?:-[0-9A-Fa-f]{1,6})?)*$/

/** A CSS string literal: quotes and backslashes escaped, control characters and newlines dropped. */
export function cssString(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping them is the point
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, '').replace(/[\\"]/g, (c) => `\\${c}`)
  return `"${clean}"`
}

/** A URL in `url("…")`: only the shop's own paths of safe characters (never another origin). */
function cssUrl(url: string): string {
  if (!/^\/[A-Za-z0-9][A-Za-z0-9._~/-]*$/.test(url) || url.includes('..'))
    throw new Error(`not a font URL: ${url}`)
  return `url("${url}")`
}

export function fontFaceCss(family: string, faces: readonly FontFace[]): string {
  return faces
    .map((face) => {
      const lines = [
        ...(face.subset ? [`/* ${face.subset.replace(/[^a-z0-9-]/gi, '')} */`] : []),
        '@font-face {',
        `  font-family: ${cssString(family)};`,
        `  font-style: ${face.style};`,
        `  font-weight: ${face.weight};`,
        '  font-display: swap;',
        `  src: ${cssUrl(face.url)} format(${cssString(face.format)});`,
        ...(face.unicodeRange && UNICODE_RANGE.test(face.unicodeRange)
          ? [`  unicode-range: ${face.unicodeRange};`]
          : []),
        '}',
      ]
      return lines.join('\n')
    })
    .join('\n\n')
    .concat(faces.length > 0 ? '\n' : '')
}

/** A family for `font-family`, quoted, with a generic fallback of its category. */
export function fontStack(family: string, category: string | undefined): string {
  const generic = category === 'serif' ? 'serif' : category === 'monospace' ? 'monospace' : 'sans-serif'
  return `${cssString(family)}, ${generic}`
}
