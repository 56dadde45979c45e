/**
 * The branch's api key (the frontdesk tablet's key; admins see it in GET): masked until shown,
 * copied to the clipboard, renewed after a confirmation with
 * POST /api/branches/{id}/regenerate-api-key `{ version }` (the old key stops working; the
 * answer is the branch at its new version, which the editor takes over).
 */
import { Button, Dialog } from '@shop/ui'
import { useState } from 'react'
import { apiSend, messageOf } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import type { StoredResource } from '../../lib/resources.ts'

export const maskKey = (key: string) => (key.length <= 4 ? '••••' : `${'•'.repeat(12)}${key.slice(-4)}`)

export function ApiKeyPanel({
  branch,
  replace,
}: {
  branch: StoredResource
  replace: (item: StoredResource) => void
}) {
  const t = useT('bo-branches')
  const tc = useT('bo-common')
  const key = typeof branch.apiKey === 'string' ? branch.apiKey : null
  const [shown, setShown] = useState(false)
  const [confirm, setConfirm] = useState(false)
  const [status, setStatus] = useState<string>('')
  const [error, setError] = useState<string | null>(null)
  if (key === null) return null

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(key)
      setStatus(t('apiKey.copied'))
    } catch {
      setStatus(t('apiKey.copyFailed'))
    }
  }
  const regenerate = async () => {
    setConfirm(false)
    setError(null)
    try {
      const answer = await apiSend<StoredResource>(
        'POST',
        `/branches/${encodeURIComponent(branch.id)}/regenerate-api-key`,
        { version: branch.version },
      )
      replace(answer)
      setShown(true)
      setStatus(t('apiKey.renewed'))
    } catch (e) {
      setError(messageOf(e, t('apiKey.renewFailed')))
    }
  }
  return (
    <section className="bo-side-panel" aria-labelledby="bo-api-key-title" data-testid="api-key">
      <h2 id="bo-api-key-title">{t('apiKey.title')}</h2>
      <p className="bo-muted">{t('apiKey.intro')}</p>
      <code className="bo-api-key" data-testid="api-key-value">
        {shown ? key : maskKey(key)}
      </code>
      <div className="bo-day__tools">
        <Button small variant="secondary" aria-pressed={shown} onClick={() => setShown((v) => !v)}>
          {shown ? t('apiKey.hide') : t('apiKey.show')}
        </Button>
        <Button small variant="secondary" onClick={() => void copy()}>
          {t('apiKey.copy')}
        </Button>
        <Button small variant="danger" onClick={() => setConfirm(true)}>
          {t('apiKey.renew')}
        </Button>
      </div>
      <p role="status" aria-live="polite" className="bo-muted">
        {status}
      </p>
      {error ? (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <Dialog
        open={confirm}
        title={t('apiKey.confirmTitle')}
        closeLabel={tc('close')}
        onClose={() => setConfirm(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(false)}>
              {tc('cancel')}
            </Button>
            <Button variant="danger" onClick={() => void regenerate()}>
              {t('apiKey.renew')}
            </Button>
          </>
        }
      >
        <p>{t('apiKey.confirmText')}</p>
      </Dialog>
    </section>
  )
}
