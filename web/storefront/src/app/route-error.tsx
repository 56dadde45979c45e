import { Button } from '@shop/ui'
import { useT } from '../lib/i18n.tsx'

/** Spec §2: '500 Internal Server Error' and 'Leider ist ein interner Fehler aufgetreten.' */
export function RouteError() {
  const t = useT('sf-shell')
  return (
    <main className="ui-container page-error" id="main">
      <h1>{t('error500.title')}</h1>
      <p>{t('error500.text')}</p>
      <Button onClick={() => location.reload()}>{t('reload')}</Button>
    </main>
  )
}
