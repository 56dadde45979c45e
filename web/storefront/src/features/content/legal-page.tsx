import { DEFAULT_LOCALE } from '@shop/shared/i18n'
import { useMemo } from 'react'
import { useParams } from 'react-router'
import { useHead } from '../../lib/head.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { LEGAL_PAGES, legalPageText } from '../../lib/legal-pages.ts'
import { useShop } from '../../lib/shop-data.tsx'
import './content.css'
import '@shop/ui/rich-text.css'
import './rich-text.css'
import { legalText } from './content-model.ts'
import { ContentLogo, NotFoundView } from './status-views.tsx'

/** /site/{slug}: the configured text; without one, the 404 page. */
export function LegalPage() {
  const { legalSlug = '' } = useParams()
  const { config } = useShop()
  const key = LEGAL_PAGES.find((page) => page.slug === legalSlug)?.key
  const text = key ? legalPageText(config, key) : ''
  if (!key || !text) return <NotFoundView />
  return <LegalText textKey={key} text={text} />
}

function LegalText({ textKey, text }: { textKey: string; text: string }) {
  const t = useT('sf-content')
  const { locale } = useLocale()
  const { config } = useShop()
  const { title, parts } = useMemo(() => legalText(text), [text])
  // The configured text has one language, the shop's (de-CH): marked as such on a page in another
  // language, so a screen reader reads it in German (WCAG 3.1.2).
  const textLang = locale === DEFAULT_LOCALE ? undefined : DEFAULT_LOCALE
  const heading = title ?? t(`legal.${textKey}`)
  const shopName = String(config.shopName ?? '')
  useHead({ title: `${heading} - ${shopName}` })
  return (
    <main id="main" className="content-page content-page--legal">
      <article>
        <header className="content-hero ui-container">
          <ContentLogo />
          <h1 className="content-title" lang={title ? textLang : undefined}>
            {heading}
          </h1>
        </header>
        <div className="content-body" lang={textLang}>
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
