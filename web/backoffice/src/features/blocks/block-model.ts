/**
 * The block editor's form (issue 19 part 5): a block (spec §3 "block": identifier, name, type
 * default or legacy, per language a public flag and a content) as the form holds it and the body
 * it sends. Per language the form keeps both contents, the formatted text of a default block
 * (`content.body`, as the storefront's parseBlockBody reads it) and the data collection of a
 * legacy block (`content.data`), so switching the type loses nothing until saved; the body sends
 * the type's own. The paths are the API's (`translations.de-CH.content.data.0.images`): the
 * shared contract's and the server's errors land at their fields. Pure.
 */
import { MENU_BLOCK_IDENTIFIERS } from '@shop/shared/contracts'
import { completeContent, isObject, LEGACY_BLOCK } from '@shop/shared/domain/content'

/** The languages a block is written in (content locales, as the site editor). */
export const BLOCK_LOCALES = ['de-CH', 'fr-FR', 'en-GB'] as const
export type BlockLocale = (typeof BLOCK_LOCALES)[number]
export type BlockType = 'default' | 'legacy'

export type BlockTranslationForm = {
  /** The language is offered (a translation is stored). */
  enabled: boolean
  isPublic: boolean
  content: { body: string; data: unknown[] } & Record<string, unknown>
}

export type BlockForm = {
  identifier: string
  name: string
  type: BlockType
  translations: Record<BlockLocale, BlockTranslationForm>
}

type StoredTranslation = { isPublic?: boolean; content?: unknown }
export type StoredBlock = {
  identifier?: string
  name?: string
  type?: string
  translations?: Partial<Record<string, StoredTranslation | null>>
}

/** Whether the storefront's header menu shows the block with this identifier ('about', 'contact'). */
export function isMenuBlock(identifier: string | undefined | null): boolean {
  return (MENU_BLOCK_IDENTIFIERS as readonly string[]).includes(identifier ?? '')
}

/** A stored content as the form edits it: the formatted text and the legacy items, both present. */
export function contentToForm(content: unknown): BlockTranslationForm['content'] {
  if (typeof content === 'string') return { body: content, data: [] }
  if (Array.isArray(content)) return { body: '', data: content }
  const source = isObject(content) ? content : {}
  const { text, ...rest } = source
  const body = typeof source.body === 'string' ? source.body : typeof text === 'string' ? text : ''
  const legacy = completeContent(LEGACY_BLOCK, { data: Array.isArray(source.data) ? source.data : [] })
  return { ...rest, body, data: legacy.data as unknown[] }
}

/** The stored block (or a new one: German, default type, a draft) as the form's values. */
export function blockToForm(block: StoredBlock | null): BlockForm {
  const stored = block?.translations ?? {}
  const translations = Object.fromEntries(
    BLOCK_LOCALES.map((locale) => {
      const t = stored[locale] ?? null
      return [
        locale,
        {
          enabled: t !== null || (block === null && locale === 'de-CH'),
          isPublic: t?.isPublic ?? false,
          content: contentToForm(t?.content ?? null),
        },
      ]
    }),
  ) as Record<BlockLocale, BlockTranslationForm>
  return {
    identifier: block?.identifier ?? '',
    name: block?.name ?? '',
    type: block?.type === 'legacy' ? 'legacy' : 'default',
    translations,
  }
}

/** The content sent for a type: `{ body }` or `{ data }`, other stored fields kept. */
export function contentToBody(type: BlockType, content: BlockTranslationForm['content']): unknown {
  const { body, data, ...rest } = content
  return type === 'legacy' ? { ...rest, data } : { ...rest, body }
}

/**
 * The body of POST/PUT /api/blocks: the offered languages only; languages the editor does not
 * show (de-AT, en-US, …) are kept as they are.
 */
export function blockToBody(values: BlockForm, block: StoredBlock | null): Record<string, unknown> {
  const translations: Record<string, unknown> = {}
  for (const [locale, t] of Object.entries(block?.translations ?? {})) {
    if (t && !(BLOCK_LOCALES as readonly string[]).includes(locale)) translations[locale] = t
  }
  for (const locale of BLOCK_LOCALES) {
    const t = values.translations[locale]
    if (!t?.enabled) continue
    translations[locale] = { isPublic: t.isPublic, content: contentToBody(values.type, t.content) }
  }
  return { identifier: values.identifier, name: values.name, type: values.type, translations }
}
