import { Icon } from '@shop/ui'
import './block-view.css'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { useShop } from '../../lib/shop-data.tsx'
import { type ContentImage, fileUrl, type LegacyItem, parseBlockBody } from './content-model.ts'
import { ContentImg, DraftBadge, RichText } from './rich-text.tsx'
import { pickTranslation } from './sites.ts'

/**
 * A block by identifier (spec §3 "block"; 'about' and 'contact' are shown in the header's menu):
 * default blocks are formatted text, legacy blocks a data collection. A block of unknown type
 * shows 'Inhalt konnte nicht geladen werden.'; a translation that is not public gets a draft
 * marker. A missing block renders nothing.
 */
export function BlockView({ identifier, className }: { identifier: string; className?: string }) {
  const t = useT('sf-content')
  const { locale } = useLocale()
  const { blocks } = useShop()
  const block = blocks.find((b) => b.identifier === identifier)
  if (!block) return null
  const picked = pickTranslation(block.translations, locale)
  const body = parseBlockBody(block.type, picked?.translation.content ?? null)
  const classes = ['content-block', `content-block--${identifier}`, className].filter(Boolean).join(' ')
  if (body.kind === 'unknown') {
    return (
      <div className={classes}>
        <p className="content-block__error" role="status">
          <Icon name="warning" /> {t('blockError')}
        </p>
      </div>
    )
  }
  if (!picked) return null
  return (
    <div className={classes} lang={picked.locale}>
      {picked.translation.isPublic ? null : <DraftBadge label={t('draft')} hint={t('draftHint')} />}
      {body.kind === 'default' ? (
        <RichText html={body.html} />
      ) : (
        body.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items have no identity but their order
          <LegacyItemView key={index} item={item} />
        ))
      )}
    </div>
  )
}

function Gallery({ images, label }: { images: ContentImage[]; label: string }) {
  return (
    <ul className="content-block__gallery" aria-label={label}>
      {images.map((image) => (
        <li key={`${image.id}-${image.version}`}>
          <ContentImg image={image} sizes="(min-width: 640px) 200px, 45vw" />
        </li>
      ))}
    </ul>
  )
}

function LegacyItemView({ item }: { item: LegacyItem }) {
  const t = useT('sf-content')
  switch (item.type) {
    case 'text':
      return item.text ? <p className="content-block__text">{item.text}</p> : null
    case 'textarea':
      return item.text ? <p className="content-block__textarea">{item.text}</p> : null
    case 'markdown':
      return (
        <div className="content-prose">
          {item.paragraphs.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order
            <p key={i}>{p}</p>
          ))}
        </div>
      )
    case 'image':
      return (
        <ContentImg
          className="content-block__image"
          image={item.image}
          sizes="(min-width: 640px) 600px, 100vw"
        />
      )
    case 'gallery':
      return (
        <figure className="content-block__figure">
          <Gallery images={item.images} label={item.label || t('gallery')} />
          {item.label ? <figcaption>{item.label}</figcaption> : null}
        </figure>
      )
    case 'files':
      return (
        <ul className="content-block__files">
          {item.files.map(({ file, label }) => (
            <li key={`${file.id}-${file.version}`}>
              <a href={fileUrl(file)} download>
                <Icon name="download" />
                <span>{label}</span>
                <span className="ui-visually-hidden"> ({t('download')})</span>
              </a>
            </li>
          ))}
        </ul>
      )
    default:
      return null
  }
}
