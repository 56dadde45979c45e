import { Link } from 'react-router'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { linkOfUse, type MediaUse, usageCounts } from './media-model.ts'

/** "verwendet von 3 Produkten und 1 Kategorie", the uses themselves one click away. */
export function UsageSummary({ uses }: { uses: readonly MediaUse[] | undefined }) {
  const t = useT('bo-media')
  const { locale } = useLocale()
  if (!uses) return null
  if (uses.length === 0) return <p className="bo-media__usage bo-media__usage--unused">{t('usage.unused')}</p>
  const list = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    usageCounts(uses).map(({ type, count }) => t(`usage.${type}`, { count })),
  )
  return (
    <details className="bo-media__usage">
      <summary>{t('usage.usedBy', { list })}</summary>
      <UsageList uses={uses} />
    </details>
  )
}

/** Each use by its kind and name, linked to where it is edited. */
export function UsageList({ uses }: { uses: readonly MediaUse[] }) {
  const t = useT('bo-media')
  return (
    <ul className="bo-media__uses">
      {uses.map((use) => {
        const link = linkOfUse(use)
        const label = `${t(`type.${use.type}`)} «${use.name}»`
        return <li key={`${use.type}:${use.id}`}>{link ? <Link to={link}>{label}</Link> : label}</li>
      })}
    </ul>
  )
}
