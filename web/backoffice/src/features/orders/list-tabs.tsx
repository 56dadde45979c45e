import { paths } from '@shop/ui/routes'
import { NavLink } from 'react-router'
import type { Translate } from '../../lib/i18n.tsx'

/** The three lists as tabs-like links; the filters go along (a search stays a search). */
export function ListTabs({ t, search }: { t: Translate; search: string }) {
  const suffix = search ? `?${search}` : ''
  return (
    <nav className="bo-orders__tabs" aria-label={t('list.tabs')}>
      <NavLink to={`${paths.backend.orders('current')}${suffix}`} end className="bo-orders__tab">
        {t('list.title.current')}
      </NavLink>
      <NavLink to={`${paths.backend.orders('missed')}${suffix}`} className="bo-orders__tab">
        {t('list.title.missed')}
      </NavLink>
      <NavLink to={`${paths.backend.orders('history')}${suffix}`} className="bo-orders__tab">
        {t('list.title.history')}
      </NavLink>
    </nav>
  )
}
