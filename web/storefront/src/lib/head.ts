import { useEffect } from 'react'

/**
 * Page title and meta (spec §2: '{page} - {shop title}', canonical, alternates, social meta).
 * Client-rendered; set on every route change.
 */
export function useHead(opts: {
  title: string
  description?: string | undefined
  image?: string | undefined
  alternates?: readonly { locale: string; href: string }[]
}) {
  const { title, description, image, alternates } = opts
  const alternatesKey = JSON.stringify(alternates ?? [])
  useEffect(() => {
    document.title = title
    const canonical = `${location.origin}${location.pathname}`
    setLink('canonical', canonical)
    setMeta('name', 'description', description)
    setMeta('property', 'og:title', title)
    setMeta('property', 'og:description', description)
    setMeta('property', 'og:url', canonical)
    setMeta('property', 'og:type', 'website')
    setMeta('property', 'og:image', image ? new URL(image, location.origin).href : undefined)
    setMeta('name', 'twitter:card', image ? 'summary_large_image' : 'summary')
    for (const old of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) old.remove()
    for (const alt of JSON.parse(alternatesKey) as { locale: string; href: string }[]) {
      const link = document.createElement('link')
      link.rel = 'alternate'
      link.hreflang = alt.locale
      link.href = new URL(alt.href, location.origin).href
      document.head.append(link)
    }
  }, [title, description, image, alternatesKey])
}

function setMeta(attr: 'name' | 'property', key: string, content: string | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`)
  if (!content) {
    el?.remove()
    return
  }
  if (!el) {
    el = document.createElement('meta')
    el.setAttribute(attr, key)
    document.head.append(el)
  }
  el.content = content
}

function setLink(rel: string, href: string) {
  let el = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`)
  if (!el) {
    el = document.createElement('link')
    el.rel = rel
    document.head.append(el)
  }
  el.href = href
}
