/**
 * The branch list's search and tag filter (spec §2 branch list, §4 tag filter, §5 branch
 * search).
 */

export type SearchableBranch = {
  id: string
  name: string
  street: string | null
  city: string | null
  zipCode: string | null
  /** Free text or a list; both are searched. */
  keywords: string | readonly string[] | null
  /** Branches reference tags by id; names come from the tag list. */
  tags: readonly { id: string }[]
}

export type Tag = { id: string; name: string }

export const BRANCHES_SHOWN_TEXT = '{shown} von {total} Filialen werden angezeigt.'
export const NO_BRANCHES_FOUND_TEXT = 'Leider wurden keine Ergebnisse gefunden.'

/** The term split on commas and whitespace (spec §5); empty pieces dropped. */
export function searchWords(term: string): string[] {
  return term
    .split(/[\s,]+/)
    .map((word) => word.toLocaleLowerCase())
    .filter((word) => word !== '')
}

function haystack(branch: SearchableBranch, tagNames: ReadonlyMap<string, string>): string[] {
  const keywords =
    branch.keywords === null ? [] : typeof branch.keywords === 'string' ? [branch.keywords] : branch.keywords
  const tags = branch.tags.map((tag) => tagNames.get(tag.id)).filter((name) => name !== undefined)
  return [branch.name, branch.street, branch.city, branch.zipCode, ...keywords, ...tags]
    .filter((field): field is string => typeof field === 'string' && field !== '')
    .map((field) => field.toLocaleLowerCase())
}

/**
 * A branch matches when ANY word is contained, case-insensitively, in its name, street,
 * city, zip code, keywords or a tag name ("8001, Bern" finds Zürich 8001 and Bern alike).
 * No words: every branch matches.
 */
export function branchMatchesWords(
  branch: SearchableBranch,
  words: readonly string[],
  tags: readonly Tag[] = [],
): boolean {
  return matches(branch, words, tagNamesOf(tags))
}

function tagNamesOf(tags: readonly Tag[]): ReadonlyMap<string, string> {
  return new Map(tags.map((tag) => [tag.id, tag.name]))
}

function matches(
  branch: SearchableBranch,
  words: readonly string[],
  tagNames: ReadonlyMap<string, string>,
): boolean {
  if (words.length === 0) return true
  const fields = haystack(branch, tagNames)
  return words.some((word) => {
    const needle = word.toLocaleLowerCase()
    return fields.some((field) => field.includes(needle))
  })
}

/** Clicking the selected tag clears the filter; any other tag becomes the filter (spec §4). */
export function toggleTag(selected: string | null, clicked: string): string | null {
  return selected === clicked ? null : clicked
}

/** A tag is available (clickable) when some visible branch has it (spec §4). */
export function availableTags<T extends Tag>(
  tags: readonly T[],
  visibleBranches: readonly SearchableBranch[],
): T[] {
  const used = new Set(visibleBranches.flatMap((branch) => branch.tags.map((tag) => tag.id)))
  return tags.filter((tag) => used.has(tag.id))
}

export function branchResultMessage(shown: number, total: number): string {
  if (shown === 0) return NO_BRANCHES_FOUND_TEXT
  return BRANCHES_SHOWN_TEXT.replace('{shown}', String(shown)).replace('{total}', String(total))
}

export type BranchFilter = { term: string; tagId: string | null }

export type BranchSearchResult<B> = {
  branches: B[]
  shown: number
  total: number
  /** The result line while a term or tag is active, else null (spec §2). */
  message: string | null
  /**
   * Tags of the branches matching the search term. The tag filter itself is not applied
   * here, so the other tags stay clickable while one is selected.
   */
  availableTagIds: string[]
}

/** Search term and tag filter together, in list order. */
export function filterBranches<B extends SearchableBranch>(
  branches: readonly B[],
  filter: BranchFilter,
  tags: readonly Tag[] = [],
): BranchSearchResult<B> {
  const words = searchWords(filter.term)
  const tagNames = tagNamesOf(tags)
  const byTerm = branches.filter((branch) => matches(branch, words, tagNames))
  const shown =
    filter.tagId === null
      ? byTerm
      : byTerm.filter((branch) => branch.tags.some((tag) => tag.id === filter.tagId))
  const active = words.length > 0 || filter.tagId !== null
  return {
    branches: shown,
    shown: shown.length,
    total: branches.length,
    message: active ? branchResultMessage(shown.length, branches.length) : null,
    availableTagIds: availableTags(tags, byTerm).map((tag) => tag.id),
  }
}
