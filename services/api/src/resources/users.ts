import type { Bus, Db } from '@shop/kit'
import type { Actor } from '@shop/shared/contracts'
import { hashPassword } from '../auth/passwords.ts'
import { newApiKey, setPassword } from './resource-registry.ts'
import { createResource, type ResourceRow } from './resource-store.ts'

export type NewUser = {
  username: string
  password: string
  displayName?: string
  roles: string[]
  branches?: { id: string }[]
}

/** A staff user with a password, in one transaction (the shell command and the demo use it). */
export async function createUser(
  deps: { db: Db; bus?: Pick<Bus, 'notifyAppended'> },
  user: NewUser,
  actor: Actor = { kind: 'system', id: 'cli' },
): Promise<ResourceRow> {
  const passwordHash = await hashPassword(user.password)
  return createResource({
    db: deps.db,
    bus: deps.bus ?? { notifyAppended() {} },
    type: 'user',
    actor,
    data: {
      username: user.username,
      displayName: user.displayName ?? user.username,
      roles: user.roles,
      branches: user.branches ?? [],
      accessToken: newApiKey(),
    },
    alongside: (trx, id) => setPassword(trx, id, passwordHash),
  })
}
