import { useMemo } from 'react'
import { Link, useParams } from 'react-router'
import { useHead } from '../../lib/head.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { useShop } from '../../lib/shop-data.tsx'
import './content.css'
import './rich-text.css'
import { legalText } from './content-model.ts'
import { homePath } from './sites.ts'
import { NotFoundView } from './status-views.tsx'

/** Spec §2 route table: /site/{slug} shows the configured text; without one, the 404 page. */
const LEGAL_TEXTS = {
  'terms-and-conditions': 'termsAndConditions',
  privacy: 'privacyPolicy',
  imprint: 'imprint',
  allergens: 'allergens',
} as const

export function LegalPage() {
  const { legalSlug = '' } = useParams()
  const { config } = useShop()
  const key = Object.hasOwn(LEGAL_TEXTS, legalSlug)
    ? LEGAL_TEXTS[legalSlug as keyof typeof LEGAL_TEXTS]
    : null
  const raw = key ? config[`${key}Text`] : null
  const text = typeof raw === 'string' ? raw.trim() : ''
  if (!key || !text) return <NotFoundView />
  return <LegalText textKey={key} text={text} />
}

function LegalText({ textKey, text }: { textKey: string; text: string }) {
  const t = useT('sf-content')
  const { locale } = useLocale()
  const { config, sites } = useShop()
  const { title, parts } = useMemo(() => legalText(text), [text])
  const heading = title ?? t(`legal.${textKey}`)
  const shopName = String(config.shopName ?? '')
  useHead({ title: `${heading} - ${shopName}` })
  return (
    <main id="main" className="content-page content-page--legal">
      <article>
        <header className="content-hero ui-container">
          <Link
            to={homePath(locale, sites)}
            className="content-logo"
            aria-label={t('homeLink', { shop: shopName })}
          >
            <img src="/icon.svg" alt="" width={56} height={56} />
          </Link>
          <h1 className="content-title">{heading}</h1>
        </header>
        <div className="content-body">
          <div className="content-section content-section--text ui-container">
            <div className="content-prose">
              {parts.map((part, index) =>
                part.kind === 'heading' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text, in order
                  <h2 key={index}>{part.text}</h2>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text, in order
                  <p key={index}>
                    {part.lines.map((line, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: lines of one paragraph, in order
                      <span key={i}>
                        {i > 0 ? <br /> : null}
                        {line}
                      </span>
                    ))}
                  </p>
                ),
              )}
            </div>
          </div>
        </div>
      </article>
    </main>
  )
}
