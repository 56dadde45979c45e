import type { z } from 'zod'
import { contentSchemaOf } from './content-schema.ts'
import { type ContentConfig, type FieldConfig, type ItemTypeConfig, isObject } from './field-config.ts'

/*
 * The content configurations of the site and block types the shop knows (spec §3 "site and
 * navigation", "block"), in the JSON shape the storefront renders
 * (web/storefront features/content/content-model.ts: parsePageBody, parseBlockBody):
 *
 * - site 'default', simple page: `{ body: '<p>…' }`
 * - site 'default', standard page: `{ sections: [text_section | columns_section | gallery_section] }`
 * - block 'default': `{ body: '<p>…' }`
 * - block 'legacy': `{ data: [text | textarea | markdown | image | gallery | file | files] }`
 *
 * Other site types (any slug is taken) have no configuration here: their content is any JSON.
 */

const columnsOptions = ['1', '2', '3', '4'].map((value) => ({ value, label: value }))

const appearance: FieldConfig = {
  type: 'select',
  name: 'appearance',
  label: { 'de-CH': 'Spalten', 'fr-FR': 'Colonnes', en: 'Columns' },
  required: true,
  options: columnsOptions,
  default: '2',
}

const wysiwyg = (name: string, required = false): FieldConfig => ({
  type: 'wysiwyg',
  name,
  label: { 'de-CH': 'Text', 'fr-FR': 'Texte', en: 'Text' },
  required,
})

const image = (required: boolean): FieldConfig => ({
  type: 'image',
  name: 'image',
  label: { 'de-CH': 'Bild', 'fr-FR': 'Image', en: 'Image' },
  required,
})

const teaserTitle: FieldConfig = {
  type: 'text',
  name: 'title',
  label: { 'de-CH': 'Titel', 'fr-FR': 'Titre', en: 'Title' },
  required: true,
  max: 255,
}

export const COLUMN_ITEM_TYPES: ItemTypeConfig[] = [
  {
    type: 'text',
    label: { 'de-CH': 'Formatierter Text', 'fr-FR': 'Texte formaté', en: 'Formatted text' },
    fields: [wysiwyg('text')],
  },
  { type: 'image', label: { 'de-CH': 'Bild', 'fr-FR': 'Image', en: 'Image' }, fields: [image(true)] },
  {
    type: 'internal_teaser',
    label: { 'de-CH': 'Teaser auf eine Seite', 'fr-FR': 'Teaser vers une page', en: 'Teaser to a page' },
    fields: [
      teaserTitle,
      image(false),
      {
        type: 'reference',
        name: 'reference',
        label: { 'de-CH': 'Seite', 'fr-FR': 'Page', en: 'Page' },
        required: true,
        targets: ['site'],
      },
    ],
  },
  {
    type: 'external_teaser',
    label: { 'de-CH': 'Teaser auf einen Link', 'fr-FR': 'Teaser vers un lien', en: 'Teaser to a link' },
    fields: [
      teaserTitle,
      image(false),
      {
        type: 'text',
        name: 'link',
        label: { 'de-CH': 'Link', 'fr-FR': 'Lien', en: 'Link' },
        description: {
          'de-CH': 'Eine Adresse mit https://, sie öffnet sich in einem neuen Tab.',
          'fr-FR': 'Une adresse avec https://, elle s’ouvre dans un nouvel onglet.',
          en: 'An address with https://, it opens in a new tab.',
        },
        placeholder: 'https://',
        required: true,
        max: 2048,
        format: 'url',
      },
    ],
  },
]

export const SECTION_TYPES: ItemTypeConfig[] = [
  {
    type: 'text_section',
    label: { 'de-CH': 'Text', 'fr-FR': 'Texte', en: 'Text' },
    fields: [wysiwyg('text')],
  },
  {
    type: 'columns_section',
    label: { 'de-CH': 'Spalten', 'fr-FR': 'Colonnes', en: 'Columns' },
    fields: [
      appearance,
      {
        type: 'select',
        name: 'direction',
        label: { 'de-CH': 'Richtung', 'fr-FR': 'Direction', en: 'Direction' },
        required: true,
        options: [
          {
            value: 'horizontal',
            label: { 'de-CH': 'Nebeneinander', 'fr-FR': 'Côte à côte', en: 'Side by side' },
          },
          {
            value: 'vertical',
            label: { 'de-CH': 'Untereinander', 'fr-FR': 'L’un sous l’autre', en: 'Stacked' },
          },
        ],
        default: 'horizontal',
      },
      {
        type: 'collection',
        name: 'content',
        label: { 'de-CH': 'Spalteninhalt', 'fr-FR': 'Contenu des colonnes', en: 'Column content' },
        itemTypes: COLUMN_ITEM_TYPES,
        max: 24,
        layout: 'grid',
      },
    ],
  },
  {
    type: 'gallery_section',
    label: { 'de-CH': 'Galerie', 'fr-FR': 'Galerie', en: 'Gallery' },
    fields: [
      { ...appearance, default: '3' } as FieldConfig,
      {
        type: 'images',
        name: 'images',
        label: { 'de-CH': 'Bilder', 'fr-FR': 'Images', en: 'Images' },
        required: true,
        max: 60,
      },
    ],
  },
]

export const SITE_VARIANTS = ['simple', 'standard'] as const
export type SiteVariant = (typeof SITE_VARIANTS)[number]

/** Site 'default', simple page: one formatted text. */
export const SIMPLE_PAGE: ContentConfig = {
  fields: [
    {
      type: 'wysiwyg',
      name: 'body',
      label: { 'de-CH': 'Inhalt', 'fr-FR': 'Contenu', en: 'Content' },
    },
  ],
}

/** Site 'default', standard page: sections of text, columns and galleries. */
export const STANDARD_PAGE: ContentConfig = {
  fields: [
    {
      type: 'collection',
      name: 'sections',
      label: { 'de-CH': 'Abschnitte', 'fr-FR': 'Sections', en: 'Sections' },
      itemTypes: SECTION_TYPES,
      max: 50,
    },
  ],
}

/** The site types with a configuration, by variant. */
export const SITE_TYPES: Record<string, Record<SiteVariant, ContentConfig>> = {
  default: { simple: SIMPLE_PAGE, standard: STANDARD_PAGE },
}

/** Which variant a stored default site's content is: a list of sections makes a standard page. */
export function siteVariantOf(content: unknown): SiteVariant {
  return isObject(content) && 'sections' in content ? 'standard' : 'simple'
}

/** Block 'default': one formatted text. */
export const DEFAULT_BLOCK: ContentConfig = {
  fields: [
    {
      type: 'wysiwyg',
      name: 'body',
      label: { 'de-CH': 'Inhalt', 'fr-FR': 'Contenu', en: 'Content' },
    },
  ],
}

const legacyLabel: FieldConfig = {
  type: 'text',
  name: 'label',
  label: { 'de-CH': 'Beschriftung', 'fr-FR': 'Libellé', en: 'Label' },
  max: 255,
}

/** Block 'legacy': a list of data items. */
export const LEGACY_BLOCK: ContentConfig = {
  fields: [
    {
      type: 'collection',
      name: 'data',
      label: { 'de-CH': 'Inhalte', 'fr-FR': 'Contenus', en: 'Contents' },
      max: 100,
      itemTypes: [
        {
          type: 'text',
          label: { 'de-CH': 'Text', 'fr-FR': 'Texte', en: 'Text' },
          fields: [{ type: 'text', name: 'value', label: { 'de-CH': 'Text', 'fr-FR': 'Texte', en: 'Text' } }],
        },
        {
          type: 'textarea',
          label: {
            'de-CH': 'Mehrzeiliger Text',
            'fr-FR': 'Texte sur plusieurs lignes',
            en: 'Multi-line text',
          },
          fields: [
            {
              type: 'textarea',
              name: 'value',
              rows: 3,
              label: { 'de-CH': 'Text', 'fr-FR': 'Texte', en: 'Text' },
            },
          ],
        },
        {
          type: 'markdown',
          label: 'Markdown',
          fields: [
            { type: 'markdown', name: 'value', label: { 'de-CH': 'Text', 'fr-FR': 'Texte', en: 'Text' } },
          ],
        },
        { type: 'image', label: { 'de-CH': 'Bild', 'fr-FR': 'Image', en: 'Image' }, fields: [image(true)] },
        {
          type: 'gallery',
          label: { 'de-CH': 'Galerie', 'fr-FR': 'Galerie', en: 'Gallery' },
          fields: [
            legacyLabel,
            {
              type: 'images',
              name: 'images',
              label: { 'de-CH': 'Bilder', 'fr-FR': 'Images', en: 'Images' },
              required: true,
            },
          ],
        },
        {
          type: 'file',
          label: { 'de-CH': 'Datei', 'fr-FR': 'Fichier', en: 'File' },
          fields: [
            legacyLabel,
            {
              type: 'file',
              name: 'file',
              label: { 'de-CH': 'Datei', 'fr-FR': 'Fichier', en: 'File' },
              required: true,
            },
          ],
        },
        {
          type: 'files',
          label: { 'de-CH': 'Dateien', 'fr-FR': 'Fichiers', en: 'Files' },
          fields: [
            {
              type: 'files',
              name: 'files',
              label: { 'de-CH': 'Dateien', 'fr-FR': 'Fichiers', en: 'Files' },
              required: true,
            },
          ],
        },
      ],
    },
  ],
}

export const BLOCK_CONFIGS: Record<string, ContentConfig> = { default: DEFAULT_BLOCK, legacy: LEGACY_BLOCK }

/** The configuration a site's content is checked with, or undefined for a type without one. */
export function siteContentConfig(type: string, content: unknown): ContentConfig | undefined {
  return SITE_TYPES[type]?.[siteVariantOf(content)]
}

/** A block's content configuration, or undefined for a type without one. */
export function blockContentConfig(type: string): ContentConfig | undefined {
  return BLOCK_CONFIGS[type]
}

/** A legacy block may be stored as its bare list of items (the storefront reads both). */
export function blockContentValue(type: string, content: unknown): unknown {
  return type === 'legacy' && Array.isArray(content) ? { data: content } : content
}

/**
 * Checks a site's content by its type: null (an empty page) and, for the formatted-text
 * variants, a bare HTML string (the storefront reads it as the body) pass the same rules as the
 * object they stand for.
 */
export function siteContentSchema(type: string, content: unknown): z.ZodType | undefined {
  const config = siteContentConfig(type, content)
  return config ? contentSchemaOf(config) : undefined
}

/** The value a content schema checks: a bare string stands for `{ body }`. */
export function contentValueOf(content: unknown): unknown {
  return typeof content === 'string' ? { body: content } : content
}
