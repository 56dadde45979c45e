import { createElement as h, type ReactNode, useEffect, useState } from 'react'
import type { StoredProduct } from '../../../web/backoffice/src/features/products/product-form.ts'

/**
 * The second baseline of editor-open.bench.ts: a plain form with the editor's own look. Plain
 * React 19 renders exactly the elements, classes, labels, hints and buttons the product editor
 * shows for the product once it has settled (taken from the editor's page by `captureLook`,
 * before the measured openings), with the values as `defaultValue` / `defaultChecked`: no form
 * library, schema, i18n, hooks per field, drag and drop or history. It loads the same data
 * through the same fetch stub as the bare plain form (plain-form.ts) before it renders.
 *
 * The bare plain form (one label, input and line break per field, no styles) measures what any
 * form of these fields must render at least; this one measures the same fields as the
 * back-office shows them, so that the editor's machinery (react-hook-form, the contract, i18n,
 * the list and drag-and-drop components, the history beside the form) is what the ratio to it
 * counts. Left out of the look: the history beside the form and dnd-kit's hidden announcement
 * regions (they are not fields).
 */

export type LookNode = { tag: string; props: Record<string, unknown>; children: (LookNode | string)[] }

// The DOM of this file's callers, declared for this module only (the root typecheck has no DOM).
type DomNode = { nodeType: number; textContent: string | null; childNodes: ArrayLike<DomNode> }
type DomElement = DomNode & {
  tagName: string
  id: string
  attributes: ArrayLike<{ name: string; value: string }>
  value?: string
  checked?: boolean
  type?: string
}

// HTML and SVG attribute names as React names them (those the editor's page has).
const PROP_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  maxlength: 'maxLength',
  inputmode: 'inputMode',
  autocomplete: 'autoComplete',
  novalidate: 'noValidate',
  readonly: 'readOnly',
  colspan: 'colSpan',
  'stroke-width': 'strokeWidth',
  'stroke-linecap': 'strokeLinecap',
  'stroke-linejoin': 'strokeLinejoin',
  'fill-rule': 'fillRule',
  'clip-rule': 'clipRule',
}
const BOOLEAN = new Set(['disabled', 'multiple', 'required', 'hidden', 'noValidate', 'readOnly'])
const SKIPPED_ATTRIBUTES = new Set(['value', 'checked', 'selected', 'style'])

function styleOf(text: string): Record<string, string> {
  const style: Record<string, string> = {}
  for (const rule of text.split(';')) {
    const at = rule.indexOf(':')
    if (at < 0) continue
    const name = rule
      .slice(0, at)
      .trim()
      .replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
    if (name) style[name] = rule.slice(at + 1).trim()
  }
  return style
}

/** The editor's settled page as a tree plain React can render (see the module's comment). */
export function captureLook(element: DomElement): LookNode | null {
  const tag = element.tagName.toLowerCase()
  if (tag === 'aside' || /^Dnd(DescribedBy|LiveRegion)/.test(element.id)) return null
  const props: Record<string, unknown> = {}
  for (const { name, value } of Array.from(element.attributes)) {
    if (SKIPPED_ATTRIBUTES.has(name)) {
      if (name === 'style') props.style = styleOf(value)
      continue
    }
    const prop = PROP_NAMES[name] ?? name
    props[prop] = BOOLEAN.has(prop) ? true : value
  }
  const children: (LookNode | string)[] = []
  if (tag === 'input') {
    if (element.type === 'checkbox' || element.type === 'radio') props.defaultChecked = element.checked
    else if (element.type !== 'file') props.defaultValue = element.value
  } else if (tag === 'textarea' || tag === 'select') {
    props.defaultValue = element.value
  }
  if (tag !== 'textarea')
    for (const child of Array.from(element.childNodes)) {
      if (child.nodeType === 3) children.push(child.textContent ?? '')
      else if (child.nodeType === 1) {
        const node = captureLook(child as DomElement)
        if (node) children.push(node)
      }
    }
  return { tag, props, children }
}

const render = (node: LookNode | string, key: number): ReactNode =>
  typeof node === 'string'
    ? node
    : h(node.tag, { ...node.props, key }, ...(node.children.length ? [node.children.map(render)] : []))

async function getData<T>(path: string): Promise<T> {
  const res = await fetch(`/api${path}`, { headers: { Accept: 'application/json' } })
  if (!res.ok) throw new Error(`GET /api${path} answered ${res.status}`)
  return ((await res.json()) as { data: T }).data
}

/** Loads what the bare plain form loads, then renders the editor's look of it. */
export function SameLookForm({ id, look }: { id: string; look: LookNode }) {
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    let live = true
    void (async () => {
      const [product] = await Promise.all([
        getData<StoredProduct>(`/products/${encodeURIComponent(id)}`),
        getData<{ currency: string }>('/config'),
      ])
      await Promise.all(product.images.map((ref) => getData(`/images/${encodeURIComponent(ref.id)}`)))
      if (live) setLoaded(true)
    })()
    return () => {
      live = false
    }
  }, [id])
  return loaded ? render(look, 0) : h('main', null, h('p', null, 'Wird geladen …'))
}
