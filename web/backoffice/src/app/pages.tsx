import { Button, buttonClass, Notice } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { Link } from 'react-router'
import { useT } from '../lib/i18n.tsx'

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
