/**
 * A content configuration with every field type of spec §3's catalogue (text, textarea, wysiwyg,
 * markdown, number, date, image, images, file, files, boolean, select, multiselect, group, tabs,
 * collection, reference), with rules that a value left empty breaks: the typed-content test page
 * (main.tsx) renders it, web/e2e/src/typed-content.e2e.test.ts checks it.
 */
import type { ContentConfig } from '@shop/shared/domain/content'

export const CATALOGUE = {
  fields: [
    { type: 'text', name: 'title', label: 'Titel', required: true, max: 30, placeholder: 'Sommerfest' },
    { type: 'text', name: 'website', label: 'Webseite', format: 'url' },
    { type: 'textarea', name: 'intro', label: 'Einleitung', min: 10, description: 'Zwei, drei Sätze.' },
    { type: 'wysiwyg', name: 'body', label: 'Haupttext', required: true },
    { type: 'markdown', name: 'notes', label: 'Notizen', required: true },
    { type: 'number', name: 'seats', label: 'Plätze', decimals: 0, min: 1, max: 50 },
    { type: 'date', name: 'start', label: 'Beginn', required: true },
    { type: 'image', name: 'picture', label: 'Titelbild', required: true },
    { type: 'images', name: 'gallery', label: 'Galerie', min: 1 },
    { type: 'file', name: 'menu', label: 'Menükarte', required: true },
    { type: 'files', name: 'attachments', label: 'Anhänge', min: 1 },
    { type: 'boolean', name: 'vegan', label: 'Vegan' },
    {
      type: 'select',
      name: 'kind',
      label: 'Art',
      required: true,
      options: [
        { value: 'party', label: 'Fest' },
        { value: 'course', label: 'Kurs' },
      ],
    },
    {
      type: 'multiselect',
      name: 'days',
      label: 'Tage',
      required: true,
      options: [
        { value: 'fri', label: 'Freitag' },
        { value: 'sat', label: 'Samstag' },
      ],
    },
    {
      type: 'group',
      name: 'contact',
      label: 'Kontakt',
      layout: 'grid',
      fields: [
        { type: 'text', name: 'person', label: 'Ansprechperson', required: true },
        { type: 'text', name: 'phone', label: 'Telefon' },
      ],
    },
    {
      type: 'tabs',
      name: 'more',
      label: 'Weiteres',
      tabs: [
        {
          label: 'Anfahrt',
          fields: [{ type: 'textarea', name: 'directions', label: 'Wegbeschreibung', required: true }],
        },
        {
          label: 'Parkplätze',
          fields: [{ type: 'number', name: 'parking', label: 'Anzahl Parkplätze', min: 0 }],
        },
      ],
    },
    {
      type: 'collection',
      name: 'program',
      label: 'Programm',
      min: 1,
      itemTypes: [
        {
          type: 'talk',
          label: 'Vortrag',
          fields: [{ type: 'text', name: 'title', label: 'Thema', required: true }],
        },
        { type: 'break', label: 'Pause', fields: [{ type: 'number', name: 'minutes', label: 'Minuten' }] },
      ],
    },
    { type: 'reference', name: 'page', label: 'Verweis', required: true, targets: ['site', 'block'] },
  ],
} satisfies ContentConfig
