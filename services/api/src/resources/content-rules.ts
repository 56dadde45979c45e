import { type Database, HttpError, msg } from '@shop/kit'
import { identifierOf, lockIdentifierWrites, resourceWithIdentifier } from '@shop/read-models'
import { MENU_BLOCK_IDENTIFIERS } from '@shop/shared/contracts'
import type { Transaction } from 'kysely'
import type { Reference } from './resource-registry.ts'

// The rules of blocks and navigations (spec §3 "block", "navigation item"; docs/content.md)
// that need the other resources, checked in the write's transaction:
//
// - an identifier names one block (one navigation) only: the storefront finds them by it
//   ('about' and 'contact' in the header's menu, 'main' in the header): 400 `valueUsed`;
// - the blocks 'about' and 'contact' stay while the storefront's menu shows them: their
//   identifier is not changed away and they are not deleted (409), unless another block carries
//   the same identifier (an old duplicate). Their content can be emptied or held back as a draft;
// - a navigation item's site or branch must exist (400 `referenceMissing` at the item's target).

type Data = Record<string, unknown>

const isMenuBlock = (identifier: unknown): identifier is string =>
  typeof identifier === 'string' && (MENU_BLOCK_IDENTIFIERS as readonly string[]).includes(identifier)

/** A rule of `check`: the identifier is not taken by another resource of the type. */
export function uniqueIdentifier(type: string) {
  return async (trx: Transaction<Database>, id: string, data: Data): Promise<void> => {
    const identifier = typeof data.identifier === 'string' ? data.identifier : ''
    if (!identifier) return
    await lockIdentifierWrites(trx, type)
    if (await resourceWithIdentifier(trx, type, identifier, id)) {
      throw new HttpError(400, msg('valueUsed'), 'identifier')
    }
  }
}

/** A block's write: the menu's blocks keep their identifier. */
export async function prepareBlock(
  body: Data,
  existing: Data | undefined,
): Promise<{ data: Data; alongside?: (trx: Transaction<Database>, id: string) => Promise<void> }> {
  const before = existing?.identifier
  if (!isMenuBlock(before) || body.identifier === before) return { data: body }
  return {
    data: body,
    alongside: async (trx, id) => {
      if (await resourceWithIdentifier(trx, 'block', before, id)) return
      throw new HttpError(409, msg('blockIdentifierKept', { identifier: before }), 'identifier')
    },
  }
}

/** A reason to refuse deleting a block: the storefront's menu shows it. */
export async function refuseBlockDelete(trx: Transaction<Database>, id: string) {
  const identifier = await identifierOf(trx, 'block', id)
  if (!isMenuBlock(identifier)) return undefined
  if (await resourceWithIdentifier(trx, 'block', identifier, id)) return undefined
  return msg('blockInMenu', { identifier })
}

/** The sites and branches a navigation's items (and their children) point to. */
export function navigationReferences(data: Data): Reference[] {
  const refs: Reference[] = []
  const walk = (items: unknown, path: string) => {
    if (!Array.isArray(items)) return
    items.forEach((item: unknown, index) => {
      if (typeof item !== 'object' || item === null) return
      const { type, target, children } = item as Data
      const at = `${path}.${index}`
      if ((type === 'site' || type === 'branch') && typeof target === 'string') {
        refs.push({ field: `${at}.target`, type, id: target })
      }
      walk(children, `${at}.children`)
    })
  }
  walk(data.items, 'items')
  return refs
}
