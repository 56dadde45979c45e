import { Button, buttonClass, Notice } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { isAdmin } from '../lib/auth-model.ts'
import { useT } from '../lib/i18n.tsx'
import { useSession } from '../lib/session.tsx'

export function NotFound() {
  const t = useT('bo-shell')
  return (
    <main id="main" className="bo-page">
      <h1>{t('notFound.title')}</h1>
      <Link className={buttonClass('secondary')} to={paths.backend.orders()}>
        {t('notFound.back')}
      </Link>
    </main>
  )
}

export function PageFailed() {
  const t = useT('bo-shell')
  return (
    <main id="main" className="bo-page">
      <Notice tone="danger" live="assertive">
        <p>{t('pageFailed')}</p>
        <Button small variant="secondary" onClick={() => location.reload()}>
          {t('reload')}
        </Button>
      </Notice>
    </main>
  )
}

/** Admins only (spec §6); anyone else is told so instead of seeing a page that would refuse them. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const t = useT('bo-shell')
  const { me } = useSession()
  if (isAdmin(me)) return children
  return (
    <main id="main" className="bo-page">
      <h1>{t('forbiddenTitle')}</h1>
      <p>{t('forbidden')}</p>
      <Link className={buttonClass('secondary')} to={paths.backend.orders()}>
        {t('notFound.back')}
      </Link>
    </main>
  )
}
