/**
 * A navigation's items as a tree the editor changes (issue 19 part 5; spec §3 "navigation item"):
 * every change is a pure step on the tree, by an item's key. The tree is flattened (depth-first,
 * each item with its depth) to be shown as one sortable list, and made a tree again from the
 * flat list. Items move among their siblings (up, down), into the previous sibling as its last
 * child (indent) and out of their parent to just after it (outdent), or are dropped anywhere
 * (a drag: position and depth projected from where it was let go); an item always moves with its
 * children, and no item gets deeper than MAX_NAVIGATION_DEPTH levels. Pure.
 */
import { MAX_NAVIGATION_DEPTH, type NavigationItemType } from '@shop/shared/contracts'

export type NavNode = {
  /** The editor's own key (not stored): stable while the item moves. */
  key: string
  type: NavigationItemType
  /** A site or branch id, a link's URL or path; '' for none (home). */
  target: string
  /** The German label. */
  label: string
  /** The label per other content locale (navigation-model.ts's ITEM_LABEL_LOCALES and any stored). */
  labels?: Partial<Record<string, string>>
  isEnabled: boolean
  children: NavNode[]
}

export type FlatNode = Omit<NavNode, 'children'> & { depth: number }

/** The deepest level an item may be on (0 is the top). */
export const MAX_DEPTH = MAX_NAVIGATION_DEPTH - 1

export function flatten(tree: readonly NavNode[], depth = 0): FlatNode[] {
  return tree.flatMap(({ children, ...item }) => [{ ...item, depth }, ...flatten(children, depth + 1)])
}

/** The tree of a flat list; a depth more than one below the item before is taken as one below it. */
export function unflatten(flat: readonly FlatNode[]): NavNode[] {
  const root: NavNode[] = []
  const stack: NavNode[][] = [root]
  for (const { depth, ...item } of flat) {
    const level = Math.max(0, Math.min(depth, stack.length - 1, MAX_DEPTH))
    stack.length = level + 1
    const node: NavNode = { ...item, children: [] }
    stack[level]!.push(node)
    stack.push(node.children)
  }
  return root
}

/** The end (exclusive) of the item at `index` with its children in the flat list. */
function blockEnd(flat: readonly FlatNode[], index: number): number {
  const depth = flat[index]!.depth
  let end = index + 1
  while (end < flat.length && flat[end]!.depth > depth) end++
  return end
}

/** How many levels of children the item at `index` has below it (0: none). */
function heightAt(flat: readonly FlatNode[], index: number): number {
  const depth = flat[index]!.depth
  let height = 0
  for (let i = index + 1; i < blockEnd(flat, index); i++) height = Math.max(height, flat[i]!.depth - depth)
  return height
}

function previousSibling(flat: readonly FlatNode[], index: number): number {
  const depth = flat[index]!.depth
  for (let j = index - 1; j >= 0; j--) {
    if (flat[j]!.depth === depth) return j
    if (flat[j]!.depth < depth) return -1
  }
  return -1
}

function parentIndex(flat: readonly FlatNode[], index: number): number {
  const depth = flat[index]!.depth
  for (let j = index - 1; j >= 0; j--) if (flat[j]!.depth < depth) return j
  return -1
}

const indexOf = (flat: readonly FlatNode[], key: string) => flat.findIndex((n) => n.key === key)

export type Moves = { up: boolean; down: boolean; indent: boolean; outdent: boolean }

/** Which of the keyboard moves the item can make. */
export function movesOf(tree: readonly NavNode[], key: string): Moves {
  const flat = flatten(tree)
  const i = indexOf(flat, key)
  if (i < 0) return { up: false, down: false, indent: false, outdent: false }
  const end = blockEnd(flat, i)
  const depth = flat[i]!.depth
  return {
    up: previousSibling(flat, i) >= 0,
    down: end < flat.length && flat[end]!.depth === depth,
    indent: previousSibling(flat, i) >= 0 && depth + 1 + heightAt(flat, i) <= MAX_DEPTH,
    outdent: depth > 0,
  }
}

/** Swaps the item with its previous (-1) or next (1) sibling; null if it has none. */
export function moveItem(tree: readonly NavNode[], key: string, step: -1 | 1): NavNode[] | null {
  const flat = flatten(tree)
  const i = indexOf(flat, key)
  if (i < 0) return null
  if (step === -1) {
    const p = previousSibling(flat, i)
    if (p < 0) return null
    const end = blockEnd(flat, i)
    return unflatten([...flat.slice(0, p), ...flat.slice(i, end), ...flat.slice(p, i), ...flat.slice(end)])
  }
  const end = blockEnd(flat, i)
  if (end >= flat.length || flat[end]!.depth !== flat[i]!.depth) return null
  const nextEnd = blockEnd(flat, end)
  return unflatten([
    ...flat.slice(0, i),
    ...flat.slice(end, nextEnd),
    ...flat.slice(i, end),
    ...flat.slice(nextEnd),
  ])
}

/** Makes the item the last child of its previous sibling; null if it has none or would be too deep. */
export function indentItem(tree: readonly NavNode[], key: string): NavNode[] | null {
  if (!movesOf(tree, key).indent) return null
  const flat = flatten(tree)
  const i = indexOf(flat, key)
  const end = blockEnd(flat, i)
  return unflatten(flat.map((n, j) => (j >= i && j < end ? { ...n, depth: n.depth + 1 } : n)))
}

/** Moves the item out of its parent to just after it (the siblings after it stay in the parent). */
export function outdentItem(tree: readonly NavNode[], key: string): NavNode[] | null {
  const flat = flatten(tree)
  const i = indexOf(flat, key)
  if (i < 0 || flat[i]!.depth === 0) return null
  const end = blockEnd(flat, i)
  const block = flat.slice(i, end).map((n) => ({ ...n, depth: n.depth - 1 }))
  const rest = [...flat.slice(0, i), ...flat.slice(end)]
  const parent = parentIndex(flat, i)
  const at = blockEnd(rest, parent)
  return unflatten([...rest.slice(0, at), ...block, ...rest.slice(at)])
}

/**
 * Where a dragged item lands when let go over `overKey`, `levels` to the right (negative: left)
 * of where it started: its index in the list without its children and its depth, kept between
 * the depth the next item needs (so no other item changes its parent) and one below the item
 * before it; null where it cannot go (its children would be too deep).
 */
export function projectDrop(
  tree: readonly NavNode[],
  activeKey: string,
  overKey: string,
  levels: number,
): { index: number; depth: number } | null {
  const flat = flatten(tree)
  const from = indexOf(flat, activeKey)
  if (from < 0) return null
  const height = heightAt(flat, from)
  const active = flat[from]!
  const end = blockEnd(flat, from)
  // The list as it looks while dragging: the item's children travel with it.
  const items = [...flat.slice(0, from + 1), ...flat.slice(end)]
  const over = indexOf(items, overKey)
  if (over < 0) return null
  const moved = [...items]
  moved.splice(from, 1)
  moved.splice(over, 0, active)
  const previous = moved[over - 1]
  const next = moved[over + 1]
  const max = Math.min(previous ? previous.depth + 1 : 0, MAX_DEPTH - height)
  const min = next ? next.depth : 0
  if (max < min) return null
  return { index: over, depth: Math.max(min, Math.min(max, active.depth + levels)) }
}

/** The tree after a drop (see projectDrop); null where the item cannot go. */
export function dropItem(
  tree: readonly NavNode[],
  activeKey: string,
  overKey: string,
  levels: number,
): NavNode[] | null {
  const projection = projectDrop(tree, activeKey, overKey, levels)
  if (!projection) return null
  const flat = flatten(tree)
  const from = indexOf(flat, activeKey)
  const end = blockEnd(flat, from)
  const shift = projection.depth - flat[from]!.depth
  const block = flat.slice(from, end).map((n) => ({ ...n, depth: n.depth + shift }))
  // The list without the item and its children: the item goes in at the projected index.
  const rest = [...flat.slice(0, from), ...flat.slice(end)]
  return unflatten([...rest.slice(0, projection.index), ...block, ...rest.slice(projection.index)])
}

/** The item with this key (with its children), wherever it is in the tree. */
export function findItem(tree: readonly NavNode[], key: string): NavNode | undefined {
  for (const node of tree) {
    if (node.key === key) return node
    const inside = findItem(node.children, key)
    if (inside) return inside
  }
  return undefined
}

export function removeItem(tree: readonly NavNode[], key: string): NavNode[] {
  return tree.flatMap((n) => (n.key === key ? [] : [{ ...n, children: removeItem(n.children, key) }]))
}

export function updateItem(tree: readonly NavNode[], key: string, patch: Partial<NavNode>): NavNode[] {
  return tree.map((n) =>
    n.key === key ? { ...n, ...patch } : { ...n, children: updateItem(n.children, key, patch) },
  )
}

/** Adds an item at the end of the top level. */
export function addItem(tree: readonly NavNode[], item: NavNode): NavNode[] {
  return [...tree, item]
}

/** The item's path in the form and in the API's errors (`items.1.children.0`). */
export function pathOf(tree: readonly NavNode[], key: string, base = 'items'): string | undefined {
  for (const [index, node] of tree.entries()) {
    const here = `${base}.${index}`
    if (node.key === key) return here
    const inside = pathOf(node.children, key, `${here}.children`)
    if (inside) return inside
  }
  return undefined
}

/** Where an item is, for announcements: its level (1 = top), position among its siblings, parent. */
export function placeOf(
  tree: readonly NavNode[],
  key: string,
): { level: number; position: number; count: number; parent: NavNode | null } | undefined {
  type Place = { level: number; position: number; count: number; parent: NavNode | null }
  const walk = (nodes: readonly NavNode[], level: number, parent: NavNode | null): Place | undefined => {
    for (const [index, node] of nodes.entries()) {
      if (node.key === key) return { level, position: index + 1, count: nodes.length, parent }
      const inside = walk(node.children, level + 1, node)
      if (inside) return inside
    }
    return undefined
  }
  return walk(tree, 1, null)
}
