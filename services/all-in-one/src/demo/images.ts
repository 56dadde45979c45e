import sharp from 'sharp'

// The demo's pictures, drawn here (no download): a plate in the category's colour with a few
// shapes that hint at what is on it. Shapes only, so no font is needed.

const COLOURS: Record<string, [string, string]> = {
  brot: ['#f3e3c8', '#b9792f'],
  gipfeli: ['#fbeed3', '#d99a3b'],
  torten: ['#fbe1ea', '#c9577c'],
  sandwiches: ['#e8f1dc', '#6f9a48'],
  metzgerei: ['#f6dcd9', '#a33a33'],
  catering: ['#dde7f2', '#4d729a'],
  getraenke: ['#d9f0ef', '#3b9590'],
  fruehstueck: ['#fbf2d2', '#d5ad3c'],
}

export async function demoImage(categoryKey: string): Promise<Buffer> {
  const [background, food] = COLOURS[categoryKey] ?? ['#eeeeee', '#888888']
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960" viewBox="0 0 1280 960">
  <rect width="1280" height="960" fill="${background}"/>
  <circle cx="640" cy="500" r="330" fill="#ffffff" opacity="0.9"/>
  <circle cx="640" cy="500" r="270" fill="none" stroke="${food}" stroke-opacity="0.25" stroke-width="12"/>
  <ellipse cx="600" cy="470" rx="170" ry="110" fill="${food}"/>
  <ellipse cx="720" cy="560" rx="120" ry="80" fill="${food}" opacity="0.75"/>
  <circle cx="520" cy="590" r="48" fill="${food}" opacity="0.55"/>
</svg>`
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer()
}
