import { buttonClass, Icon } from '@shop/ui'
import { Link } from 'react-router'
import { useHead } from '../../lib/head.ts'
import { useT } from '../../lib/i18n.tsx'
import { useShop } from '../../lib/shop-data.tsx'
import './content.css'

function ErrorView({ title, text }: { title: string; text: string }) {
  const t = useT('sf-content')
  const { config } = useShop()
  useHead({ title: `${title} - ${String(config.shopName ?? '')}` })
  return (
    <main id="main" className="content-page content-error">
      <div className="ui-container content-error__inner">
        <p className="content-error__code" aria-hidden="true">
          {title.slice(0, 3)}
        </p>
        <h1>{title}</h1>
        <p className="content-error__text">{text}</p>
        <Link to="/" className={buttonClass('secondary')}>
          <Icon name="chevronLeft" />
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  )
}

/** Spec §2: no site matches the path once loading has finished. */
export function NotFoundView() {
  const t = useT('sf-content')
  return <ErrorView title={t('notFound.title')} text={t('notFound.text')} />
}

/** Spec §2: a site of a type this storefront does not know. */
export function ServerErrorView() {
  const t = useT('sf-content')
  return <ErrorView title={t('serverError.title')} text={t('serverError.text')} />
}
