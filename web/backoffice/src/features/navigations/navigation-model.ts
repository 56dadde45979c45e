/**
 * The navigation editor's form (issue 19 part 5): a navigation (spec §3: identifier, a name per
 * language, items with children) as the form holds it and the body it sends. The items keep the
 * body's nesting (`items.1.children.0.target`), so the shared contract's and the server's errors
 * land at their items; each item has a key of the editor's own. An item has its German label and
 * one per other language (`labels`, ITEM_LABEL_LOCALES); the storefront falls back to the German
 * one (docs/content.md "Navigations"). Pure.
 */
import type { NavigationItem, NavigationItemType } from '@shop/shared/contracts'
import type { NavNode } from './navigation-tree.ts'

/** The languages a navigation's name is written in (content locales, as the site editor). */
export const NAVIGATION_LOCALES = ['de-CH', 'fr-FR', 'en-GB'] as const
export type NavigationLocale = (typeof NAVIGATION_LOCALES)[number]
/** The languages an item has a label of its own in, beside the German `label`. */
export const ITEM_LABEL_LOCALES = ['fr-FR', 'en-GB'] as const satisfies readonly NavigationLocale[]

export type NavigationForm = {
  identifier: string
  translations: Record<NavigationLocale, { name: string }>
  items: NavNode[]
}

export type StoredNavigation = {
  identifier?: string
  translations?: Partial<Record<string, { name?: string } | null>>
  items?: Partial<NavigationItem>[]
}

let counter = 0
/** A new key for an item (unique in the page's life). */
export const newKey = () => `n${++counter}`

function toNodes(items: readonly Partial<NavigationItem>[] | undefined): NavNode[] {
  return (items ?? []).map((item) => ({
    key: newKey(),
    type: (item.type ?? 'link') as NavigationItemType,
    target: item.target ?? '',
    label: item.label ?? '',
    labels: { ...item.labels },
    isEnabled: item.isEnabled !== false,
    children: toNodes(item.children),
  }))
}

export function navigationToForm(navigation: StoredNavigation | null): NavigationForm {
  const stored = navigation?.translations ?? {}
  const translations = Object.fromEntries(
    NAVIGATION_LOCALES.map((locale) => [locale, { name: stored[locale]?.name ?? '' }]),
  ) as NavigationForm['translations']
  return { identifier: navigation?.identifier ?? '', translations, items: toNodes(navigation?.items) }
}

/** The labels given (trimmed; an empty one is left out), or nothing when none is. */
function labelsOf(node: NavNode): Pick<NavigationItem, 'labels'> {
  const labels = Object.entries(node.labels ?? {}).flatMap(([locale, label]) =>
    label?.trim() ? [[locale, label.trim()] as const] : [],
  )
  return labels.length > 0 ? { labels: Object.fromEntries(labels) } : {}
}

function toItems(nodes: readonly NavNode[]): NavigationItem[] {
  return nodes.map((node) => ({
    type: node.type,
    target: node.type === 'home' ? null : node.target.trim() || null,
    label: node.label,
    ...labelsOf(node),
    isEnabled: node.isEnabled,
    children: toItems(node.children),
  }))
}

/**
 * The body of POST/PUT /api/navigations: the names given (an empty one is left out); the names in
 * languages the editor does not show (de-AT, en-US, …) are kept as they are.
 */
export function navigationToBody(
  values: NavigationForm,
  navigation: StoredNavigation | null,
): Record<string, unknown> {
  const translations: Record<string, { name: string }> = {}
  for (const [locale, t] of Object.entries(navigation?.translations ?? {})) {
    if (t?.name && !(NAVIGATION_LOCALES as readonly string[]).includes(locale))
      translations[locale] = { name: t.name }
  }
  for (const locale of NAVIGATION_LOCALES) {
    const name = values.translations[locale]?.name.trim()
    if (name) translations[locale] = { name }
  }
  return { identifier: values.identifier, translations, items: toItems(values.items) }
}

/** A new item of a type: home needs no target; its label starts as the type's usual name. */
export function newItem(type: NavigationItemType, label = '', target = ''): NavNode {
  return { key: newKey(), type, target: type === 'home' ? '' : target, label, isEnabled: true, children: [] }
}
