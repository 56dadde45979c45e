import type { MenuSection } from '@shop/shared/domain/catalogue'
import { IconButton } from '@shop/ui'
import { useEffect, useRef, useState } from 'react'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { localName } from '../../lib/product-text.ts'
import { activeGroupIndex } from './menu-model.ts'

/**
 * The sticky category bar (spec §2): highlights the group whose top is above 25 % of the
 * window height. One passive scroll listener reads the group tops at most once per frame
 * (a handful of rects, no layout writes), so scrolling stays smooth.
 */
export function CategoryBar({ sections }: { sections: readonly MenuSection[] }) {
  const t = useT('sf-menu')
  const { locale } = useLocale()
  const [active, setActive] = useState(0)
  const list = useRef<HTMLUListElement>(null)
  const ids = sections.map((section) => section.category.id)
  const idsKey = ids.join('|')

  // Which group has passed the line at a quarter of the window: an IntersectionObserver on the
  // band above that line tells when a group's top crosses it, so scrolling reads no layout at
  // all (a 300-product menu scrolls on a slow phone). The groups themselves are observed, not
  // their headings: a group far from the viewport skips layout (content-visibility), so only
  // its own box has a place on the page.
  useEffect(() => {
    const groups = idsKey
      .split('|')
      .map((id) => document.querySelector<HTMLElement>(`[data-group="${CSS.escape(id)}"]`))
    const tops = groups.map(() => Number.POSITIVE_INFINITY)
    const index = new Map(groups.map((group, i) => [group, i]))
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const i = index.get(entry.target as HTMLElement)
          if (i === undefined) continue
          // Above the line (inside the band, or scrolled past it) counts as passed.
          const line = entry.rootBounds?.bottom ?? window.innerHeight * 0.25
          tops[i] = entry.boundingClientRect.top <= line ? 0 : Number.POSITIVE_INFINITY
        }
        setActive(activeGroupIndex(tops, window.innerHeight))
      },
      { rootMargin: '0px 0px -75% 0px' },
    )
    for (const group of groups) if (group) observer.observe(group)
    return () => observer.disconnect()
  }, [idsKey])

  // Keep the highlighted chip in view inside the horizontally scrolling bar (phones).
  useEffect(() => {
    const bar = list.current
    const chip = bar?.children[active] as HTMLElement | undefined
    if (!bar || !chip) return
    const left = chip.offsetLeft - bar.offsetLeft
    if (left < bar.scrollLeft || left + chip.offsetWidth > bar.scrollLeft + bar.clientWidth) {
      // Instant: a second smooth scroll would cancel the page's smooth scroll in Chromium.
      bar.scrollTo({ left: Math.max(0, left - 16) })
    }
  }, [active])

  // Chips hidden past an edge: a fade there, and on wide screens an arrow button that pages
  // the bar. Measured on the bar's own scroll and resize, at most once per frame.
  const [edges, setEdges] = useState({ start: false, end: false })
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measured when the chips change
  useEffect(() => {
    const bar = list.current
    if (!bar) return
    let frame = 0
    const measure = () => {
      frame = 0
      const start = bar.scrollLeft > 1
      const end = bar.scrollLeft + bar.clientWidth < bar.scrollWidth - 1
      setEdges((before) => (before.start === start && before.end === end ? before : { start, end }))
    }
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure)
    }
    measure()
    const resize = new ResizeObserver(schedule)
    resize.observe(bar)
    bar.addEventListener('scroll', schedule, { passive: true })
    return () => {
      resize.disconnect()
      bar.removeEventListener('scroll', schedule)
      if (frame !== 0) cancelAnimationFrame(frame)
    }
  }, [idsKey])

  const page = (direction: 1 | -1) => {
    const bar = list.current
    if (!bar) return
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    bar.scrollBy({ left: direction * bar.clientWidth * 0.7, behavior: reduce ? 'auto' : 'smooth' })
  }

  const go = (id: string) => {
    const heading = document.getElementById(`menu-group-${id}`)
    if (!heading) return
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    heading.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
    heading.focus({ preventScroll: true })
    // Cards off screen are laid out with a placeholder height (content-visibility in menu.css):
    // once the scroll ends and the cards around the group have their real size, align again.
    const align = () => heading.scrollIntoView({ block: 'start' })
    if (reduce || !('onscrollend' in window)) requestAnimationFrame(() => requestAnimationFrame(align))
    else window.addEventListener('scrollend', align, { once: true })
  }

  return (
    <nav
      className="menu-categories"
      aria-label={t('categories')}
      data-more-start={edges.start ? 'true' : undefined}
      data-more-end={edges.end ? 'true' : undefined}
    >
      <div className="menu-categories__inner">
        <ul ref={list} className="ui-container menu-categories__list">
          {sections.map((section, index) => (
            <li key={section.category.id}>
              <a
                href={`#menu-group-${section.category.id}`}
                className="menu-categories__chip"
                aria-current={index === active ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault()
                  go(section.category.id)
                }}
              >
                {localName(section.category, locale)}
              </a>
            </li>
          ))}
        </ul>
        {edges.start ? (
          <IconButton
            icon="chevronLeft"
            className="menu-categories__page menu-categories__page--start"
            label={t('categoriesPrevious')}
            onClick={() => page(-1)}
          />
        ) : null}
        {edges.end ? (
          <IconButton
            icon="chevronRight"
            className="menu-categories__page menu-categories__page--end"
            label={t('categoriesNext')}
            onClick={() => page(1)}
          />
        ) : null}
      </div>
    </nav>
  )
}
