import { describe, expect, it } from 'vitest'
import { navigationToBody, navigationToForm } from './navigation-model.ts'
import {
  dropItem,
  flatten,
  indentItem,
  MAX_DEPTH,
  moveItem,
  movesOf,
  type NavNode,
  outdentItem,
  pathOf,
  placeOf,
  projectDrop,
  removeItem,
  unflatten,
  updateItem,
} from './navigation-tree.ts'

const node = (key: string, children: NavNode[] = []): NavNode => ({
  key,
  type: 'link',
  target: `/${key}`,
  label: key.toUpperCase(),
  isEnabled: true,
  children,
})

/** The tree as `a(b,c(d))`: keys with their children. */
const shape = (tree: readonly NavNode[]): string =>
  tree.map((n) => (n.children.length ? `${n.key}(${shape(n.children)})` : n.key)).join(',')

// a, b (c, d (e)), f
const sample = () => [node('a'), node('b', [node('c'), node('d', [node('e')])]), node('f')]

describe('flatten and unflatten', () => {
  it('lists the items depth-first with their depth and makes the same tree again', () => {
    const flat = flatten(sample())
    expect(flat.map((n) => `${n.key}${n.depth}`)).toEqual(['a0', 'b0', 'c1', 'd1', 'e2', 'f0'])
    expect(unflatten(flat)).toEqual(sample())
  })

  it('takes a depth more than one below the item before as one below it, never below the limit', () => {
    const flat = [
      { ...node('a'), depth: 0 },
      { ...node('b'), depth: 3 },
      { ...node('c'), depth: 1 },
    ]
    expect(shape(unflatten(flat))).toBe('a(b,c)')
    const deep = ['a', 'b', 'c', 'd', 'e'].map((key, depth) => ({ ...node(key), depth }))
    expect(shape(unflatten(deep))).toBe('a(b(c(d,e)))')
    expect(MAX_DEPTH).toBe(3)
  })
})

describe('moving up and down', () => {
  it('swaps an item (with its children) with its sibling', () => {
    expect(shape(moveItem(sample(), 'b', -1)!)).toBe('b(c,d(e)),a,f')
    expect(shape(moveItem(sample(), 'b', 1)!)).toBe('a,f,b(c,d(e))')
    expect(shape(moveItem(sample(), 'd', -1)!)).toBe('a,b(d(e),c),f')
  })

  it('does not move past the first or last sibling', () => {
    expect(moveItem(sample(), 'a', -1)).toBeNull()
    expect(moveItem(sample(), 'f', 1)).toBeNull()
    expect(moveItem(sample(), 'c', -1)).toBeNull()
    expect(moveItem(sample(), 'd', 1)).toBeNull()
    expect(moveItem(sample(), 'x', 1)).toBeNull()
    expect(movesOf(sample(), 'c')).toEqual({ up: false, down: true, indent: false, outdent: true })
    expect(movesOf(sample(), 'a')).toEqual({ up: false, down: true, indent: false, outdent: false })
  })
})

describe('indent and outdent', () => {
  it('makes an item the last child of the sibling before it, children included', () => {
    expect(shape(indentItem(sample(), 'f')!)).toBe('a,b(c,d(e),f)')
    expect(shape(indentItem(sample(), 'b')!)).toBe('a(b(c,d(e))),f')
    expect(shape(indentItem(sample(), 'd')!)).toBe('a,b(c(d(e))),f')
    expect(indentItem(sample(), 'a')).toBeNull()
  })

  it('refuses an indent that would put an item deeper than the limit', () => {
    // a(b(c(d))), e(f): e has a child, so e can go to level 3 at most.
    const tree = [node('a', [node('b', [node('c', [node('d')])])]), node('e', [node('f')])]
    expect(flatten(tree).map((n) => n.depth)).toEqual([0, 1, 2, 3, 0, 1])
    const once = indentItem(tree, 'e')!
    expect(shape(once)).toBe('a(b(c(d)),e(f))')
    const twice = indentItem(once, 'e')!
    expect(shape(twice)).toBe('a(b(c(d),e(f)))')
    expect(movesOf(twice, 'e').indent).toBe(false)
    expect(indentItem(twice, 'e')).toBeNull()
    expect(indentItem(twice, 'd')).toBeNull()
  })

  it('moves an item out of its parent to just after it; the siblings after it stay', () => {
    expect(shape(outdentItem(sample(), 'c')!)).toBe('a,b(d(e)),c,f')
    expect(shape(outdentItem(sample(), 'e')!)).toBe('a,b(c,d,e),f')
    expect(shape(outdentItem(sample(), 'd')!)).toBe('a,b(c),d(e),f')
    expect(outdentItem(sample(), 'a')).toBeNull()
  })
})

describe('dropping a dragged item', () => {
  it('reorders, keeps the depth the neighbours allow and moves the children along', () => {
    // f dropped over a: first at the top.
    expect(shape(dropItem(sample(), 'f', 'a', 0)!)).toBe('f,a,b(c,d(e))')
    // a dropped over f: last.
    expect(shape(dropItem(sample(), 'a', 'f', 0)!)).toBe('b(c,d(e)),f,a')
    // b (with its children) dropped over f.
    expect(shape(dropItem(sample(), 'b', 'f', 0)!)).toBe('a,f,b(c,d(e))')
  })

  it('nests by the levels dragged to the right and lifts by those to the left, within the limits', () => {
    // f one level to the right, in place: into b, after d's block.
    expect(shape(dropItem(sample(), 'f', 'f', 1)!)).toBe('a,b(c,d(e),f)')
    // Two levels: into d.
    expect(shape(dropItem(sample(), 'f', 'f', 2)!)).toBe('a,b(c,d(e,f))')
    // Far to the right: one below the item before, no deeper.
    expect(projectDrop(sample(), 'f', 'f', 9)).toEqual({ index: 5, depth: 3 })
    // c dragged left before d: the next item (d) keeps its parent, so c stays in b.
    expect(projectDrop(sample(), 'c', 'c', -1)).toEqual({ index: 2, depth: 1 })
    // e to the left: out of d into b.
    expect(shape(dropItem(sample(), 'e', 'e', -1)!)).toBe('a,b(c,d,e),f')
  })

  it('refuses a place where the children would be too deep', () => {
    const tree = [node('a', [node('b', [node('c')])]), node('x', [node('y', [node('z')])])]
    // x has two levels below it: level 2 at most (depth 1), so it can go into a but not into b.
    expect(projectDrop(tree, 'x', 'x', 5)).toEqual({ index: 3, depth: 1 })
    expect(shape(dropItem(tree, 'x', 'x', 5)!)).toBe('a(b(c),x(y(z)))')
    // Between b and c, c's depth (2) is needed: too deep for x.
    expect(projectDrop(tree, 'x', 'c', 0)).toBeNull()
    expect(dropItem(tree, 'x', 'c', 0)).toBeNull()
  })
})

describe('the items in the form', () => {
  it('edits, removes, names paths and places', () => {
    const tree = updateItem(sample(), 'e', { label: 'Neu', isEnabled: false })
    expect(flatten(tree).find((n) => n.key === 'e')).toMatchObject({ label: 'Neu', isEnabled: false })
    expect(shape(removeItem(tree, 'd'))).toBe('a,b(c),f')
    expect(pathOf(tree, 'e')).toBe('items.1.children.1.children.0')
    expect(pathOf(tree, 'f')).toBe('items.2')
    expect(placeOf(tree, 'd')).toMatchObject({ level: 2, position: 2, count: 2, parent: { key: 'b' } })
    expect(placeOf(tree, 'a')).toMatchObject({ level: 1, position: 1, count: 3, parent: null })
  })

  it('makes the body: home without target, names given, other languages kept', () => {
    const form = navigationToForm({
      identifier: 'main',
      translations: { 'de-CH': { name: 'Haupt' }, 'de-AT': { name: 'Österreich' } },
      items: [
        { type: 'home', target: null, label: 'Start' },
        { type: 'site', target: 's1', label: 'Über uns', isEnabled: false, children: [] },
      ],
    })
    expect(form.translations).toEqual({
      'de-CH': { name: 'Haupt' },
      'fr-FR': { name: '' },
      'en-GB': { name: '' },
    })
    form.items[0]!.target = 'ignored'
    form.translations['fr-FR'].name = ' Principale '
    expect(navigationToBody(form, { translations: { 'de-AT': { name: 'Österreich' } } })).toEqual({
      identifier: 'main',
      translations: {
        'de-AT': { name: 'Österreich' },
        'de-CH': { name: 'Haupt' },
        'fr-FR': { name: 'Principale' },
      },
      items: [
        { type: 'home', target: null, label: 'Start', isEnabled: true, children: [] },
        { type: 'site', target: 's1', label: 'Über uns', isEnabled: false, children: [] },
      ],
    })
  })

  it("keeps an item's labels per language: the ones given, trimmed, and those of other languages", () => {
    const form = navigationToForm({
      identifier: 'main',
      items: [
        { type: 'link', target: '/', label: 'Filialen', labels: { 'fr-FR': 'Filiales', 'en-US': 'Stores' } },
        { type: 'home', target: null, label: 'Start' },
      ],
    })
    expect(form.items.map((i) => i.labels)).toEqual([{ 'fr-FR': 'Filiales', 'en-US': 'Stores' }, {}])
    form.items[0]!.labels = { ...form.items[0]!.labels, 'fr-FR': ' ', 'en-GB': ' Branches ' }
    form.items[1]!.labels = { 'fr-FR': 'Accueil' }
    expect(navigationToBody(form, null).items).toEqual([
      {
        type: 'link',
        target: '/',
        label: 'Filialen',
        labels: { 'en-US': 'Stores', 'en-GB': 'Branches' },
        isEnabled: true,
        children: [],
      },
      {
        type: 'home',
        target: null,
        label: 'Start',
        labels: { 'fr-FR': 'Accueil' },
        isEnabled: true,
        children: [],
      },
    ])
  })
})
