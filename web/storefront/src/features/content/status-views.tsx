import { buttonClass, Icon, type IconName } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { Link } from 'react-router'
import { useHead } from '../../lib/head.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { useShop } from '../../lib/shop-data.tsx'
import './content.css'
import { homePath } from './sites.ts'

function ErrorView({ title, text, icon }: { title: string; text: string; icon: IconName }) {
  const t = useT('sf-content')
  const { config } = useShop()
  useHead({ title: `${title} - ${String(config.shopName ?? '')}` })
  return (
    <main id="main" className="content-page content-error">
      <div className="ui-container content-error__inner">
        {/* A picture, not a second '404': the heading already says it. */}
        <span className="content-error__art" aria-hidden="true">
          <Icon name={icon} />
        </span>
        <h1>{title}</h1>
        <p className="content-error__text">{text}</p>
        <Link to={paths.home()} className={buttonClass('secondary')}>
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
  return <ErrorView title={t('notFound.title')} text={t('notFound.text')} icon="search" />
}

/** Spec §2: a site of a type this storefront does not know. */
export function ServerErrorView() {
  const t = useT('sf-content')
  return <ErrorView title={t('serverError.title')} text={t('serverError.text')} icon="warning" />
}

/** The logo on top of a content page (spec §2), linking home in the active language. */
export function ContentLogo() {
  const t = useT('sf-content')
  const { locale } = useLocale()
  const { config, sites } = useShop()
  return (
    <Link
      to={homePath(locale, sites)}
      className="content-logo"
      aria-label={t('homeLink', { shop: String(config.shopName ?? '') })}
    >
      <img src="/icon.svg" alt="" width={56} height={56} />
    </Link>
  )
}
