import { useMemo } from 'react'
import '@shop/ui/rich-text.css'
import './rich-text.css'
import { imageSrcSet, imageUrl } from '../../lib/shop-data.tsx'
import type { ContentImage } from './content-model.ts'
import { sanitizeHtml } from './sanitize-html.ts'

/** Formatted text from the CMS (spec §3: wysiwyg), sanitised before it is inserted. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html])
  if (!safe.trim()) return null
  return (
    <div
      className={['content-prose', className].filter(Boolean).join(' ')}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by an allow-list just above
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  )
}

/** A content image with responsive sources; `sizes` describes the slot it fills. */
export function ContentImg({
  image,
  sizes,
  className,
  alt,
}: {
  image: ContentImage
  sizes: string
  className?: string
  alt?: string
}) {
  return (
    <img
      className={className}
      src={imageUrl(image, 'medium')}
      srcSet={imageSrcSet(image)}
      sizes={sizes}
      alt={alt ?? image.alt ?? ''}
      loading="lazy"
      decoding="async"
    />
  )
}

/** The marker on content that is not public yet (spec §2: draft sites are still rendered). */
export function DraftBadge({ label, hint }: { label: string; hint: string }) {
  return (
    <span className="ui-badge ui-badge--warning content-draft" title={hint}>
      {label}
      <span className="ui-visually-hidden">: {hint}</span>
    </span>
  )
}
