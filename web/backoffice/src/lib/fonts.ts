/**
 * The shop's fonts as the back-office screens use them (the fonts page, the image templates'
 * text layers): the list of GET /api/fonts, the variant names with their translated weight names
 * (spec §9: 100 Thin … 900 Black) and the shop's own embed.css of a family (spec §7), loaded
 * once per family and variant for a preview.
 */
import { parseFontVariant } from '@shop/shared/contracts'
import { useEffect } from 'react'
import { csrfHeaders } from './api.ts'
import type { Translate } from './i18n.tsx'
import type { StoredResource } from './resources.ts'

export type FontItem = StoredResource & {
  family: string
  variants: string[]
  /** 'bundled': shipped with the shop; none: uploaded. */
  source?: 'bundled'
  category?: string
}

/** Every variant name, weight by weight, upright before italic. */
export const FONT_VARIANTS = ['100', '200', '300', 'regular', '500', '600', '700', '800', '900'].flatMap(
  (v) => [v, v === 'regular' ? 'italic' : `${v}italic`],
)

/** "700 Fett kursiv" (translated by bo-fonts' `weight.*` and `italic`). */
export function variantLabel(t: Translate, variant: string): string {
  const parsed = parseFontVariant(variant)
  if (!parsed) return variant
  const weight = t(`bo-fonts:weight.${parsed.weight}`)
  return parsed.style === 'italic' ? t('bo-fonts:italicOf', { weight }) : weight
}

export const embedCssPath = (family: string, variant: string) =>
  `/api/fonts/google/${encodeURIComponent(family)}/style-${variant}.embed.css`

/** Adds the family's embed.css to the page (once) so a preview can use the family. */
export function useFontStylesheet(family: string | undefined, variant = 'regular') {
  useEffect(() => {
    if (!family) return
    const href = embedCssPath(family, variant)
    if (document.head.querySelector(`link[href="${CSS.escape(href)}"]`)) return
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    document.head.append(link)
  }, [family, variant])
}

/** `"Open Sans", sans-serif` for a preview's style. */
export const previewFamily = (family: string, category?: string) =>
  `"${family.replace(/["\\]/g, '')}", ${category === 'serif' ? 'serif' : 'sans-serif'}`

export type FieldErrors = { field: string; message: string }[]

/**
 * PUT /api/fonts/{id}/files/{variant}: the file's raw bytes (the server decides by them what it
 * is). Answers the font, or throws the server's errors.
 */
export async function uploadFontFile(font: { id: string; version: number }, variant: string, file: File) {
  const res = await fetch(
    `/api/fonts/${encodeURIComponent(font.id)}/files/${encodeURIComponent(variant)}?version=${font.version}`,
    {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { ...csrfHeaders('PUT'), 'content-type': 'application/octet-stream' },
      body: file,
    },
  )
  const body = (await res.json().catch(() => null)) as { data?: FontItem; errors?: FieldErrors } | null
  if (!res.ok || !body?.data) throw new FontUploadError(body?.errors ?? [], res.status)
  return body.data
}

export class FontUploadError extends Error {
  readonly errors: FieldErrors
  readonly status: number
  constructor(errors: FieldErrors, status: number) {
    super(errors[0]?.message ?? `HTTP ${status}`)
    this.errors = errors
    this.status = status
  }
}
