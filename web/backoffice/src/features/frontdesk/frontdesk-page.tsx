import { Notice } from '@shop/ui'
import { useMemo } from 'react'
import { useParams } from 'react-router'
import { canActForBranch } from '../../lib/auth-model.ts'
import { useT } from '../../lib/i18n.tsx'
import { useSession } from '../../lib/session.tsx'
import { Board, type BoardOperations } from './board.tsx'
import type { BoardAccess } from './board-api.ts'

/**
 * /backend/frontdesk/:branchId/:apiKey: the shared tablet at the counter, no login. The key is
 * the branch's apiKey (admins see and regenerate it); the socket, the snapshot and every
 * command carry it.
 */
export function FrontdeskKeyPage({ operations }: { operations?: BoardOperations }) {
  const { branchId = '', apiKey = '' } = useParams()
  const access = useMemo<BoardAccess>(() => ({ kind: 'key', branchId, apiKey }), [branchId, apiKey])
  return (
    <main id="main" className="fd-page fd-page--kiosk">
      <Board access={access} {...(operations ? { operations } : {})} />
    </main>
  )
}

/**
 * /backend/board/:branchId: the same board for a logged-in admin or employee of that branch
 * (spec §6); the session cookie authorises the socket, the snapshot and the commands.
 */
export function FrontdeskBoardPage({ operations }: { operations?: BoardOperations }) {
  const { branchId = '' } = useParams()
  const { me } = useSession()
  const t = useT('bo-frontdesk')
  const access = useMemo<BoardAccess>(() => ({ kind: 'session', branchId }), [branchId])
  if (!canActForBranch(me, branchId)) {
    return (
      <main id="main" className="fd-page">
        <div className="fd-refusal">
          <h1>{t('refused.title')}</h1>
          <Notice tone="danger" live="assertive">
            <p>{t('auth:auth.notPrivileged')}</p>
            <p>{t('refused.session')}</p>
          </Notice>
        </div>
      </main>
    )
  }
  return (
    <main id="main" className="fd-page">
      <Board access={access} {...(operations ? { operations } : {})} />
    </main>
  )
}
