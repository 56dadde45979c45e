import { Icon } from '@shop/ui'
import { type ReactNode, useEffect, useMemo } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useHead } from '../../lib/head.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { useShop } from '../../lib/shop-data.tsx'
import './content.css'
import {
  type ColumnItem,
  type ContentImage,
  KNOWN_SITE_TYPES,
  parsePageBody,
  type Section,
} from './content-model.ts'
import { ContentImg, DraftBadge, RichText } from './rich-text.tsx'
import { resolveSite, type SiteLike, siteAlternates, sitePath } from './sites.ts'
import { ContentLogo, NotFoundView, ServerErrorView } from './status-views.tsx'

/**
 * The catch-all route (spec §2 "Content page"): the site whose translated path is the current
 * path, in the active locale (else the default locale). Draft sites are rendered with a marker;
 * no match is the 404 page, an unknown site type the 500 page.
 */
export function ContentPage() {
  const { pathname } = useLocation()
  const { locale } = useLocale()
  const { sites } = useShop()
  const navigate = useNavigate()
  const resolved = useMemo(() => resolveSite(sites, pathname, locale), [sites, pathname, locale])
  const redirectTo = resolved?.redirectTo
  // The path of another language while the site has one in ours: show ours (e.g. after the
  // language was switched, or a link shared in another language).
  useEffect(() => {
    if (redirectTo) navigate(redirectTo, { replace: true })
  }, [redirectTo, navigate])
  if (!resolved) return <NotFoundView />
  if (redirectTo) return null
  if (!(KNOWN_SITE_TYPES as readonly string[]).includes(resolved.site.type ?? 'default')) {
    return <ServerErrorView />
  }
  return <SitePage site={resolved.site} contentLocale={resolved.locale} />
}

function SitePage({ site, contentLocale }: { site: SiteLike; contentLocale: string }) {
  const t = useT('sf-content')
  const { locale } = useLocale()
  const { config } = useShop()
  const translation = site.translations[contentLocale]
  const body = useMemo(() => parsePageBody(translation?.content ?? null), [translation])
  const shopName = String(config.shopName ?? '')
  const title = translation?.title || translation?.name || ''
  useHead({
    title: `${title} - ${shopName}`,
    description: translation?.description ?? undefined,
    // Every language of the page, this one included (hreflang wants the page itself too); none
    // for a page in one language. The server puts the same in the head (services/api/src/seo.ts).
    alternates: siteAlternates(site),
  })
  return (
    <main id="main" className="content-page" lang={contentLocale === locale ? undefined : contentLocale}>
      <article>
        <header className="content-hero ui-container">
          <ContentLogo />
          {site.isPublic === false || translation?.isPublic === false ? (
            <DraftBadge label={t('draft')} hint={t('draftHint')} />
          ) : null}
          <h1 className="content-title">{title}</h1>
          {translation?.description ? <p className="content-lead">{translation.description}</p> : null}
        </header>
        <div className="content-body">
          {body.kind === 'simple' ? (
            <div className="content-section content-section--text ui-container">
              <RichText html={body.html} />
            </div>
          ) : (
            body.sections.map((section, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sections have no identity but their order
              <SectionView key={index} section={section} />
            ))
          )}
        </div>
      </article>
    </main>
  )
}

/** The `sizes` of an image in one of n columns of the content width (1120 px). */
function columnSizes(columns: number): string {
  return `(min-width: 1120px) ${Math.round(1120 / columns)}px, (min-width: 720px) ${Math.round(100 / Math.min(columns, 2))}vw, 100vw`
}

function SectionView({ section }: { section: Section }) {
  const t = useT('sf-content')
  switch (section.type) {
    case 'text_section':
      return (
        <div className="content-section content-section--text ui-container">
          <RichText html={section.html} />
        </div>
      )
    case 'columns_section':
      return (
        <div className="content-section ui-container">
          <ul
            className={`content-columns content-columns--${section.columns} content-columns--${section.direction}`}
          >
            {section.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: column items have no identity but their order
              <li key={index} className={`content-columns__item content-columns__item--${item.type}`}>
                <ColumnItemView item={item} columns={section.columns} />
              </li>
            ))}
          </ul>
        </div>
      )
    case 'gallery_section':
      return (
        <div className="content-section ui-container">
          <ul className={`content-gallery content-gallery--${section.columns}`} aria-label={t('gallery')}>
            {section.images.map((image, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same image may appear twice
              <li key={index}>
                <ContentImg image={image} sizes={columnSizes(section.columns)} />
              </li>
            ))}
          </ul>
        </div>
      )
    default:
      return null
  }
}

function ColumnItemView({ item, columns }: { item: ColumnItem; columns: number }) {
  const t = useT('sf-content')
  const { locale } = useLocale()
  const { sites } = useShop()
  switch (item.type) {
    case 'text':
      return <RichText html={item.html} />
    case 'image':
      return <ContentImg className="content-columns__image" image={item.image} sizes={columnSizes(columns)} />
    case 'internal_teaser': {
      const site = sites.find((s) => s.id === item.siteId)
      const path = site ? sitePath(site, locale) : undefined
      const inner = (
        <TeaserBody item={item} columns={columns}>
          {path ? (
            <span className="content-teaser__cue" aria-hidden="true">
              {t('teaser.more')}
              <Icon name="chevronRight" />
            </span>
          ) : null}
        </TeaserBody>
      )
      return path ? (
        <Link to={path} className="content-teaser">
          {inner}
        </Link>
      ) : (
        <div className="content-teaser">{inner}</div>
      )
    }
    case 'external_teaser': {
      const inner = (
        <TeaserBody item={item} columns={columns}>
          {item.link ? (
            <span className="content-teaser__cue">
              <span aria-hidden="true">{t('teaser.external')}</span>
              <Icon name="external" />
              <span className="ui-visually-hidden">{t('teaser.newTab')}</span>
            </span>
          ) : null}
        </TeaserBody>
      )
      return item.link && /^(https?:)?\/\//i.test(item.link) ? (
        <a
          href={item.link}
          target="_blank"
          rel="noopener noreferrer"
          className="content-teaser content-teaser--external"
        >
          {inner}
        </a>
      ) : (
        <div className="content-teaser">{inner}</div>
      )
    }
    default:
      return null
  }
}

/** A teaser's picture and title, with its cue (internal or external) after the title. */
function TeaserBody({
  item,
  columns,
  children,
}: {
  item: { image: ContentImage | null; title: string }
  columns: number
  children: ReactNode
}) {
  return (
    <>
      {item.image ? (
        <ContentImg
          className="content-teaser__image"
          image={item.image}
          sizes={columnSizes(columns)}
          alt=""
        />
      ) : null}
      <span className="content-teaser__body">
        <span className="content-teaser__title">{item.title}</span>
        {children}
      </span>
    </>
  )
}
