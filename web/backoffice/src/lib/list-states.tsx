import { Button, Notice, Spinner } from '@shop/ui'
import { useT } from './i18n.tsx'

/** A list still loading. */
export function ListLoading() {
  const t = useT('bo-common')
  return <Spinner label={t('loading')} />
}

/** A list that could not be loaded (spec §8: "… konnten nicht geladen werden"), with a retry. */
export function ListFailed({ text, retry }: { text: string; retry: () => void | Promise<void> }) {
  const t = useT('bo-common')
  return (
    <Notice tone="danger" live="assertive">
      <p>{text.endsWith('.') ? text : `${text}.`}</p>
      <Button small variant="secondary" onClick={() => void retry()}>
        {t('retry')}
      </Button>
    </Notice>
  )
}
