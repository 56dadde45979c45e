import { Dialog, Icon, IconButton } from '@shop/ui'
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { buildNav, type NavEntry } from '../features/content/navigation.ts'
import { pickTranslation, resolveSite, siteLocales } from '../features/content/sites.ts'
import { ENABLED_LOCALES, type StorefrontLocale, useLocale, useT } from '../lib/i18n.tsx'
import { useShopData } from '../lib/shop-data.tsx'
import './shell-nav.css'

// The blocks only show in the opened menu: their code (and the HTML sanitiser) loads then.
const loadBlockView = () => import('../features/content/block-view.tsx')
const BlockView = lazy(() => loadBlockView().then((m) => ({ default: m.BlockView })))

/** The 'main' navigation (spec §2 Shell) as links for the current route and locale. */
export function useMainNav(): { entries: NavEntry[]; label: string } {
  const t = useT('sf-content')
  const { data } = useShopData()
  const { pathname } = useLocation()
  const { locale } = useLocale()
  return useMemo(() => {
    const navigation = data?.navigations.find((n) => n.identifier === 'main')
    if (!data || !navigation) return { entries: [], label: t('nav.main') }
    const entries = buildNav(navigation.items, {
      pathname,
      locale,
      sites: data.sites,
      branches: data.branches,
    })
    const name = pickTranslation(navigation.translations, locale)?.translation.name
    return { entries, label: name || t('nav.main') }
  }, [data, pathname, locale, t])
}

function EntryLink({
  entry,
  className,
  onNavigate,
}: {
  entry: NavEntry
  className: string
  onNavigate?: () => void
}) {
  const t = useT('sf-content')
  const classes = [className, entry.active ? 'is-active' : '', entry.childActive ? 'is-child-active' : '']
    .filter(Boolean)
    .join(' ')
  if (entry.to !== null) {
    return (
      <Link
        to={entry.to}
        className={classes}
        aria-current={entry.active ? 'page' : undefined}
        onClick={onNavigate}
      >
        {entry.label}
      </Link>
    )
  }
  if (entry.href !== null) {
    return (
      <a href={entry.href} target="_blank" rel="noopener noreferrer" className={classes} onClick={onNavigate}>
        {entry.label}
        <Icon name="external" className="ui-icon shell-nav__external" />
        <span className="ui-visually-hidden"> {t('teaser.newTab')}</span>
      </a>
    )
  }
  return <span className={classes}>{entry.label}</span>
}

/** The horizontal navigation of wide screens; children open as a disclosure below their parent. */
export function MainNav() {
  const { entries, label } = useMainNav()
  const [open, setOpen] = useState<string | null>(null)
  const ref = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the open submenu
  useEffect(() => setOpen(null), [pathname])
  useEffect(() => {
    if (open === null) return
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(null)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])
  if (entries.length === 0) return null
  return (
    <nav ref={ref} className="shell-nav" aria-label={label}>
      <ul className="shell-nav__list">
        {entries.map((entry) => (
          <DesktopEntry
            key={entry.key}
            entry={entry}
            open={open === entry.key}
            onToggle={(next) => setOpen(next ? entry.key : null)}
          />
        ))}
      </ul>
    </nav>
  )
}

function DesktopEntry({
  entry,
  open,
  onToggle,
}: {
  entry: NavEntry
  open: boolean
  onToggle: (open: boolean) => void
}) {
  const t = useT('sf-content')
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  if (entry.children.length === 0) {
    return (
      <li className="shell-nav__item">
        <EntryLink entry={entry} className="shell-nav__link" />
      </li>
    )
  }
  return (
    <li
      className="shell-nav__item shell-nav__item--parent"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          onToggle(false)
          button.current?.focus()
        }
      }}
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) onToggle(false)
      }}
    >
      <EntryLink entry={entry} className="shell-nav__link" />
      <button
        ref={button}
        type="button"
        className="shell-nav__toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('nav.submenu', { label: entry.label })}
        onClick={() => onToggle(!open)}
      >
        <Icon name="chevronDown" />
      </button>
      <ul id={id} className="shell-nav__submenu" hidden={!open}>
        {entry.children.map((child) => (
          <SubEntry key={child.key} entry={child} />
        ))}
      </ul>
    </li>
  )
}

function SubEntry({ entry, onNavigate }: { entry: NavEntry; onNavigate?: () => void }) {
  return (
    <li className="shell-nav__subitem">
      <EntryLink entry={entry} className="shell-nav__sublink" {...(onNavigate ? { onNavigate } : {})} />
      {entry.children.length > 0 ? (
        <ul className="shell-nav__nested">
          {entry.children.map((child) => (
            <SubEntry key={child.key} entry={child} {...(onNavigate ? { onNavigate } : {})} />
          ))}
        </ul>
      ) : null}
    </li>
  )
}

/**
 * The menu (spec §2 Shell): the main navigation plus the 'about' and 'contact' blocks, in a
 * modal dialog (a sheet on phones, a drawer on wide screens).
 */
export function MenuButton() {
  const t = useT('sf-content')
  const { data } = useShopData()
  const { entries, label } = useMainNav()
  const [open, setOpen] = useState(false)
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu
  useEffect(() => setOpen(false), [pathname])
  if (!data) return null
  const close = () => setOpen(false)
  return (
    <>
      <IconButton
        icon="menu"
        label={t('nav.menu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="shell-menu-button"
        onPointerEnter={() => void loadBlockView()}
        onFocus={() => void loadBlockView()}
        onClick={() => setOpen(true)}
      />
      <Dialog
        open={open}
        title={t('nav.menu')}
        onClose={close}
        closeLabel={t('nav.close')}
        className="shell-menu"
      >
        {entries.length > 0 ? (
          <nav className="shell-menu__nav" aria-label={label}>
            <ul className="shell-menu__list">
              {entries.map((entry) => (
                <SubEntry key={entry.key} entry={entry} onNavigate={close} />
              ))}
            </ul>
          </nav>
        ) : null}
        <Suspense fallback={null}>
          <MenuBlock identifier="about" title={t('nav.about')} />
          <MenuBlock identifier="contact" title={t('nav.contact')} />
        </Suspense>
      </Dialog>
    </>
  )
}

function MenuBlock({ identifier, title }: { identifier: string; title: string }) {
  const { data } = useShopData()
  const id = useId()
  if (!data?.blocks.some((b) => b.identifier === identifier)) return null
  return (
    <section className="shell-menu__block" aria-labelledby={id}>
      <h3 id={id} className="shell-menu__block-title">
        {title}
      </h3>
      <BlockView identifier={identifier} />
    </section>
  )
}

/**
 * The language picker (spec §2 Shell): on a site, the enabled locales the site is translated to
 * (the content page then moves to the site's path in the chosen language); elsewhere all enabled
 * locales. On phones the native select sits invisibly over a compact face ("DE").
 */
export function LocalePicker() {
  const t = useT('sf-shell')
  const { data } = useShopData()
  const { pathname } = useLocation()
  const { locale, setLocale } = useLocale()
  const site = data ? resolveSite(data.sites, pathname, locale)?.site : undefined
  const options = useMemo(() => {
    if (!site) return [...ENABLED_LOCALES] as string[]
    const translated = siteLocales(site, ENABLED_LOCALES)
    // The active language stays listed, so the picker always shows what is active.
    return ENABLED_LOCALES.filter((l) => translated.includes(l) || l === locale) as string[]
  }, [site, locale])
  return (
    <span className="shell-locale-wrap">
      <label className="ui-visually-hidden" htmlFor="shell-locale">
        {t('language')}
      </label>
      <select
        id="shell-locale"
        className="ui-select shell-locale"
        value={locale}
        onChange={(e) => setLocale(e.target.value as StorefrontLocale)}
      >
        {options.map((l) => (
          <option key={l} value={l}>
            {t(`locales.${l}`)}
          </option>
        ))}
      </select>
      <span className="shell-locale__face" aria-hidden="true">
        <Icon name="globe" />
        {locale.split('-')[0]?.toUpperCase()}
      </span>
    </span>
  )
}
