import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { SearchableBranch, Tag } from './branch-search.ts'
import {
  availableTags,
  branchMatchesWords,
  branchResultMessage,
  filterBranches,
  searchWords,
  toggleTag,
} from './branch-search.ts'

const tags: Tag[] = [
  { id: 't-vegan', name: 'Vegan' },
  { id: 't-bio', name: 'Bio' },
  { id: 't-catering', name: 'Catering' },
]

const branch = (overrides: Partial<SearchableBranch>): SearchableBranch => ({
  id: 'b',
  name: 'Filiale',
  street: null,
  city: null,
  zipCode: null,
  keywords: null,
  tags: [],
  ...overrides,
})

const branches = [
  branch({
    id: 'zh',
    name: 'Bäckerei Hauptbahnhof',
    street: 'Bahnhofplatz 1',
    city: 'Zürich',
    zipCode: '8001',
    tags: [{ id: 't-bio' }],
  }),
  branch({
    id: 'be',
    name: 'Bäckerei Bärenplatz',
    street: 'Bärenplatz 4',
    city: 'Bern',
    zipCode: '3011',
    keywords: 'Altstadt, Bundeshaus',
    tags: [{ id: 't-vegan' }],
  }),
  branch({
    id: 'vie',
    name: 'Metzgerei Naschmarkt',
    street: 'Linke Wienzeile 4',
    city: 'Wien',
    zipCode: '1060',
    keywords: ['Fleisch', 'Wurst'],
  }),
]

describe('branch search (spec §5)', () => {
  it('splits the term on commas and spaces', () => {
    expect(searchWords(' 8001, Bern  wien,,')).toEqual(['8001', 'bern', 'wien'])
    expect(searchWords(' , ')).toEqual([])
  })

  it('matches any word in name, street, city, zip code, keywords or tag name', () => {
    const ids = (term: string) =>
      filterBranches(branches, { term, tagId: null }, tags).branches.map((b) => b.id)
    expect(ids('bahnhof')).toEqual(['zh'])
    expect(ids('BÄRENPLATZ')).toEqual(['be'])
    expect(ids('wienzeile')).toEqual(['vie'])
    expect(ids('Zürich')).toEqual(['zh'])
    expect(ids('30')).toEqual(['be'])
    expect(ids('bundeshaus')).toEqual(['be'])
    expect(ids('wurst')).toEqual(['vie'])
    expect(ids('vegan')).toEqual(['be'])
    expect(ids('8001, Wien')).toEqual(['zh', 'vie'])
    expect(ids('Bäckerei')).toEqual(['zh', 'be'])
    expect(ids('Luzern')).toEqual([])
    expect(ids('')).toEqual(['zh', 'be', 'vie'])
  })

  it('shows the result line only while a term or tag is active', () => {
    expect(filterBranches(branches, { term: '', tagId: null }, tags).message).toBeNull()
    expect(filterBranches(branches, { term: 'Bäckerei', tagId: null }, tags).message).toBe(
      '2 von 3 Filialen werden angezeigt.',
    )
    expect(filterBranches(branches, { term: '', tagId: 't-vegan' }, tags).message).toBe(
      '1 von 3 Filialen werden angezeigt.',
    )
    expect(filterBranches(branches, { term: 'Luzern', tagId: null }, tags).message).toBe(
      'Leider wurden keine Ergebnisse gefunden.',
    )
    expect(branchResultMessage(0, 3)).toBe('Leider wurden keine Ergebnisse gefunden.')
  })

  it('combines the term with the tag filter', () => {
    const result = filterBranches(branches, { term: 'Bäckerei', tagId: 't-bio' }, tags)
    expect(result.branches.map((b) => b.id)).toEqual(['zh'])
    expect(result).toMatchObject({ shown: 1, total: 3 })
    // Tags of every branch matching the term stay available, not only the selected tag.
    expect(result.availableTagIds).toEqual(['t-vegan', 't-bio'])
  })

  it('is case-insensitive (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...branches),
        fc.constantFrom('name', 'street', 'city') as fc.Arbitrary<'name' | 'street' | 'city'>,
        fc.nat(),
        fc.nat(),
        (b, field, start, length) => {
          const text = b[field] ?? ''
          const from = start % Math.max(1, text.length)
          const word = text.slice(from, from + 1 + (length % 6)).trim()
          fc.pre(word !== '' && !/[\s,]/.test(word))
          expect(branchMatchesWords(b, [word.toUpperCase()], tags)).toBe(true)
          expect(branchMatchesWords(b, [word.toLowerCase()], tags)).toBe(true)
        },
      ),
    )
  })

  it('does not depend on the order or case of the words (property)', () => {
    const word = fc.constantFrom(
      'bern',
      'ZÜRICH',
      '1060',
      'bio',
      'Wurst',
      'luzern',
      'platz',
      'x',
      'Naschmarkt',
    )
    fc.assert(
      fc.property(fc.array(word, { maxLength: 5 }), fc.nat(), (words, seed) => {
        const shuffled = [...words].sort(
          (a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7),
        )
        const a = filterBranches(branches, { term: words.join(', '), tagId: null }, tags)
        const b = filterBranches(
          branches,
          { term: shuffled.map((w) => w.toUpperCase()).join(' '), tagId: null },
          tags,
        )
        expect(b.branches).toEqual(a.branches)
        // ANY word: the result is the union of the single-word results.
        const union = branches.filter(
          (x) => words.length === 0 || words.some((w) => branchMatchesWords(x, [w], tags)),
        )
        expect(a.branches).toEqual(union)
      }),
    )
  })
})

describe('tag filter (spec §4)', () => {
  it('clears when the selected tag is clicked again', () => {
    expect(toggleTag(null, 't-bio')).toBe('t-bio')
    expect(toggleTag('t-bio', 't-vegan')).toBe('t-vegan')
    expect(toggleTag('t-bio', 't-bio')).toBeNull()
  })

  it('counts a tag as available when a visible branch has it', () => {
    expect(availableTags(tags, branches).map((t) => t.id)).toEqual(['t-vegan', 't-bio'])
    expect(availableTags(tags, branches.slice(2))).toEqual([])
  })
})
