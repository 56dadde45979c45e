import { createElement as h, type ReactNode, useEffect, useState } from 'react'
import {
  type StoredProduct,
  translatedCount,
} from '../../../web/backoffice/src/features/products/product-form.ts'

/**
 * The baseline of the product editor's opening (editor-open.bench.ts): a plain form of the same
 * fields, plain React 19 and native elements. It loads what the editor shows through the same
 * fetch stub (the product, the shop's currency, each image's alternative text), then renders one
 * native input, select, textarea or checkbox per field the editor shows, each with its label and
 * its value as `defaultValue`: the parts as repeated fieldsets with their options, the images as
 * <img> and an input for the alternative text, the translations folded per language as in the
 * editor (a summary each; their fields are made when a language is opened). No
 * form library, no schema, no i18n (German labels written in), no hints, no add / remove / move
 * buttons and no drag and drop: what any form of these fields must render at least. Written
 * without JSX (the root typecheck compiles scripts/ without it).
 */

type Image = { id: string; version: number; extension: string; alt: string | null }
type Loaded = { product: StoredProduct; currency: string; images: Image[] }
type Option = readonly [value: string, label: string]

const UNIT_GROUPS: readonly (readonly [string, readonly Option[]])[] = [
  [
    'Stückzahl',
    [
      ['piece', 'Stück'],
      ['serving', 'Portion'],
      ['pair', 'Paar'],
      ['person', 'Person'],
      ['package', 'Packung'],
    ],
  ],
  [
    'Gewicht',
    [
      ['gram', 'Gramm (g)'],
      ['decagram', 'Dekagramm (dag)'],
      ['kilogram', 'Kilogramm (kg)'],
    ],
  ],
  [
    'Volumen',
    [
      ['ml', 'Milliliter (ml)'],
      ['cl', 'Zentiliter (cl)'],
      ['dl', 'Deziliter (dl)'],
      ['l', 'Liter (l)'],
    ],
  ],
  [
    'Länge',
    [
      ['mm', 'Millimeter (mm)'],
      ['cm', 'Zentimeter (cm)'],
      ['dm', 'Dezimeter (dm)'],
      ['m', 'Meter (m)'],
      ['km', 'Kilometer (km)'],
    ],
  ],
  [
    'Fläche',
    [
      ['mm2', 'Quadratmillimeter (mm²)'],
      ['cm2', 'Quadratzentimeter (cm²)'],
      ['dm2', 'Quadratdezimeter (dm²)'],
      ['m2', 'Quadratmeter (m²)'],
    ],
  ],
  [
    'Raummass',
    [
      ['mm3', 'Kubikmillimeter (mm³)'],
      ['cm3', 'Kubikzentimeter (cm³)'],
      ['dm3', 'Kubikdezimeter (dm³)'],
      ['m3', 'Kubikmeter (m³)'],
    ],
  ],
]
const UNIT_LABELS = new Map(UNIT_GROUPS.flatMap(([, units]) => units))
const PRODUCT_TYPES: readonly Option[] = [
  ['simple', 'Einfach'],
  ['configurable', 'Konfigurierbar'],
  ['bundle', 'Paket'],
]
const MODELS: readonly Option[] = [
  ['fixed', 'Fester Preis'],
  ['approximate', 'Ungefährer Preis (ca., nach Gewicht)'],
  ['minimum', 'Mindestpreis (ab)'],
]
const PART_TYPES: readonly Option[] = [
  ['text', 'Text (eine Zeile)'],
  ['textarea', 'Text (mehrere Zeilen)'],
  ['image', 'Ein Bild hochladen'],
  ['images', 'Mehrere Bilder hochladen'],
  ['file', 'Eine Datei hochladen'],
  ['files', 'Mehrere Dateien hochladen'],
  ['select', 'Eine Option wählen'],
  ['multiselect', 'Mehrere Optionen wählen'],
]
const MODIFIERS: readonly Option[] = [
  ['add', 'Zum Preis addieren'],
  ['subtract', 'Vom Preis abziehen'],
  ['overwrite', 'Preis ersetzen'],
]
const LEAD_TIMES: readonly Option[] = [
  ['minutes', 'Minuten'],
  ['hours', 'Stunden'],
  ['days', 'Tage'],
  ['weeks', 'Wochen'],
]
const TRANSLATIONS = [
  ['fr-FR', 'Französisch'],
  ['en', 'Englisch'],
] as const
const WEEKDAYS: readonly Option[] = [
  ['monday', 'Mo'],
  ['tuesday', 'Di'],
  ['wednesday', 'Mi'],
  ['thursday', 'Do'],
  ['friday', 'Fr'],
  ['saturday', 'Sa'],
  ['sunday', 'So'],
]

async function getData<T>(path: string): Promise<T> {
  const res = await fetch(`/api${path}`, { headers: { Accept: 'application/json' } })
  if (!res.ok) throw new Error(`GET /api${path} answered ${res.status}`)
  return ((await res.json()) as { data: T }).data
}

const field = (label: string, control: ReactNode, suffix?: string) =>
  h('p', null, h('label', null, label, h('br'), control, suffix ? ` ${suffix}` : null))

const text = (name: string, label: string, value: string | null) =>
  field(label, h('input', { name, defaultValue: value ?? '' }))

const area = (name: string, label: string, value: string | null, rows: number) =>
  field(label, h('textarea', { name, defaultValue: value ?? '', rows }))

const num = (name: string, label: string, value: number | null, suffix?: string, cents = false) =>
  field(
    label,
    h('input', {
      name,
      inputMode: 'decimal',
      defaultValue: value === null ? '' : cents ? (value / 100).toFixed(2) : String(value),
    }),
    suffix,
  )

const check = (name: string, label: string, value: boolean) =>
  h('p', null, h('label', null, h('input', { type: 'checkbox', name, defaultChecked: value }), ` ${label}`))

const options = (list: readonly Option[]) =>
  list.map(([value, label]) => h('option', { key: value, value }, label))

const select = (name: string, label: string, list: readonly Option[], value: string) =>
  field(label, h('select', { name, defaultValue: value }, options(list)))

const unitSelect = (name: string, label: string, value: string) =>
  field(
    label,
    h(
      'select',
      { name, defaultValue: value },
      UNIT_GROUPS.map(([family, units]) => h('optgroup', { key: family, label: family }, options(units))),
    ),
  )

const group = (legend: string, ...children: ReactNode[]) =>
  h('fieldset', null, h('legend', null, legend), ...children)

function ProductForm({ product: p, currency, images }: Loaded) {
  const unit = UNIT_LABELS.get(p.unit) ?? p.unit
  const units = [p.unit, ...p.alternativeUnits.map((a) => a.unit)]
  return h(
    'main',
    null,
    h('h1', null, p.name),
    h(
      'form',
      { method: 'post', noValidate: true },
      group(
        'Allgemein',
        text('name', 'Name', p.name),
        text('uid', 'UID (Kennung)', p.uid),
        select('type', 'Produktart', PRODUCT_TYPES, p.type),
        check('isEnabled', 'Aktiv (im Shop bestellbar)', p.isEnabled),
        area('description', 'Beschreibung', p.description, 4),
        text('allergens', 'Allergene', p.allergens),
      ),
      group(
        'Preis und Mehrwertsteuer',
        num('price', 'Preis', p.price, currency, true),
        select('calculationModel', 'Preisberechnung', MODELS, p.calculationModel),
        check('isPriceHidden', 'Preis nicht anzeigen (auf Anfrage)', p.isPriceHidden),
        num('tax', 'MWST Lieferung', p.tax, '%'),
        num('takeawayTax', 'MWST Takeaway', p.takeawayTax, '%'),
        num('dineInTax', 'MWST vor Ort', p.dineInTax, '%'),
      ),
      group(
        'Einheit und Mengen',
        unitSelect('unit', 'Einheit', p.unit),
        num('minimumQuantity', 'Mindestmenge', p.minimumQuantity, unit),
        num('maximumQuantity', 'Höchstmenge', p.maximumQuantity, unit),
        num('quantityStepSize', 'Mengenschritt', p.quantityStepSize, unit),
        num('defaultQuantity', 'Vorgeschlagene Menge', p.defaultQuantity, unit),
        field(
          'Vorgeschlagene Einheit',
          h(
            'select',
            { name: 'defaultUnit', defaultValue: p.defaultUnit ?? '' },
            h('option', { value: '' }, `Die Einheit des Produkts (${unit})`),
            options(units.map((u) => [u, UNIT_LABELS.get(u) ?? u] as const)),
          ),
        ),
        ...p.alternativeUnits.map((a, i) => {
          const base = `alternativeUnits.${i}`
          return h(
            'fieldset',
            { key: base },
            h('legend', null, `Weitere Einheit ${i + 1}`),
            unitSelect(`${base}.unit`, 'Einheit', a.unit),
            num(`${base}.ratio`, 'Verhältnis', a.ratio),
            select(`${base}.calculationModel`, 'Preisberechnung', MODELS, a.calculationModel),
            num(`${base}.minimumQuantity`, 'Mindestmenge', a.minimumQuantity),
            num(`${base}.maximumQuantity`, 'Höchstmenge', a.maximumQuantity),
            num(`${base}.quantityStepSize`, 'Mengenschritt', a.quantityStepSize),
          )
        }),
      ),
      group(
        'Bilder',
        ...images.map((image, i) =>
          h(
            'p',
            { key: image.id },
            h('img', {
              src: `/image/thumbnail/${image.id}-${image.version}.${image.extension}`,
              alt: image.alt ?? '',
              width: 128,
              height: 96,
              loading: 'lazy',
            }),
            h(
              'label',
              null,
              `Alternativtext Bild ${i + 1}`,
              h('br'),
              h('input', { name: `images.${i}.alt`, defaultValue: image.alt ?? '' }),
            ),
          ),
        ),
      ),
      group(
        'Auswahlmöglichkeiten (konfigurierbares Produkt)',
        check('isStepByStep', 'Auswahl Schritt für Schritt', p.isStepByStep),
        ...p.config.parts.map((part, i) => {
          const base = `config.parts.${i}`
          return h(
            'fieldset',
            { key: base },
            h('legend', null, `Auswahl ${i + 1}`),
            text(`${base}.name`, 'Bezeichnung', part.name),
            select(`${base}.type`, 'Art der Eingabe', PART_TYPES, part.type),
            check(`${base}.optional`, 'Freiwillig (der Kunde darf sie leer lassen)', part.optional),
            area(`${base}.description`, 'Erklärung für den Kunden', part.description, 2),
            h(
              'fieldset',
              null,
              h('legend', null, 'Optionen'),
              ...part.options.map((option, j) =>
                h(
                  'div',
                  { key: j },
                  text(`${base}.options.${j}.name`, 'Option', option.name),
                  select(
                    `${base}.options.${j}.modifier`,
                    'Wirkung auf den Preis',
                    MODIFIERS,
                    option.modifier,
                  ),
                  num(`${base}.options.${j}.value`, 'Betrag', option.value, currency, true),
                ),
              ),
            ),
          )
        }),
      ),
      group(
        'Verfügbarkeit und Vorlaufzeit',
        ...p.schedule.map((entry, i) => {
          const base = `schedule.${i}`
          return h(
            'fieldset',
            { key: base },
            h('legend', null, `Zeitplan-Eintrag ${i + 1}`),
            h(
              'p',
              null,
              'Wochentage (keiner: jeden Tag) ',
              WEEKDAYS.map(([day, label]) =>
                h(
                  'label',
                  { key: day },
                  h('input', {
                    type: 'checkbox',
                    name: `${base}.weekdays`,
                    value: day,
                    defaultChecked: (entry.weekdays as readonly string[] | null)?.includes(day) ?? false,
                  }),
                  ` ${label} `,
                ),
              ),
            ),
            text(`${base}.from`, 'Von (HH:MM)', entry.from),
            text(`${base}.to`, 'Bis (HH:MM)', entry.to),
            field(
              'Ab Datum',
              h('input', { type: 'date', name: `${base}.startDate`, defaultValue: entry.startDate ?? '' }),
            ),
            field(
              'Bis Datum',
              h('input', { type: 'date', name: `${base}.endDate`, defaultValue: entry.endDate ?? '' }),
            ),
          )
        }),
        check('isLeadTimeEnabled', 'Vorlaufzeit verlangen', p.isLeadTimeEnabled),
        p.isLeadTimeEnabled ? num('leadTimeValue', 'Vorlaufzeit', p.leadTimeValue) : null,
        p.isLeadTimeEnabled
          ? select('leadTimeType', 'Einheit der Vorlaufzeit', LEAD_TIMES, p.leadTimeType)
          : null,
      ),
      group(
        'Übersetzungen',
        // Folded per language as in the editor: the fields are made when a language is opened.
        ...TRANSLATIONS.map(([locale, language]) =>
          h(
            'details',
            { key: locale },
            h('summary', null, `${language}: ${translatedCount(p.translations?.[locale])} Texte übersetzt`),
          ),
        ),
      ),
      h('button', { type: 'submit' }, 'Speichern'),
    ),
  )
}

/** Loads the product (with the currency and the images' texts) and shows it as the plain form. */
export function PlainProductForm({ id }: { id: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  useEffect(() => {
    let live = true
    void (async () => {
      const [product, config] = await Promise.all([
        getData<StoredProduct>(`/products/${encodeURIComponent(id)}`),
        getData<{ currency: string }>('/config'),
      ])
      const images = await Promise.all(
        product.images.map((ref) => getData<Image>(`/images/${encodeURIComponent(ref.id)}`)),
      )
      if (live) setLoaded({ product, currency: config.currency, images })
    })()
    return () => {
      live = false
    }
  }, [id])
  return loaded ? h(ProductForm, loaded) : h('main', null, h('p', null, 'Wird geladen …'))
}
