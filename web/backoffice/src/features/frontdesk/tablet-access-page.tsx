import { Button, buttonClass, Dialog, Notice, Spinner } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useCallback, useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { apiGet, apiSend, messageOf } from '../../lib/api.ts'
import { isAdmin } from '../../lib/auth-model.ts'
import { useT } from '../../lib/i18n.tsx'
import { useSession } from '../../lib/session.tsx'
import './frontdesk.css'

/** A branch as an admin reads it (GET /api/branches): with its api key and version. */
type AdminBranch = { id: string; name: string; apiKey?: string; version: number }

type State =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; branches: AdminBranch[]; pluginOn: boolean }

/** The shared tablet's address of a branch (the key is the whole secret: treat it as one). */
export function tabletUrl(origin: string, branchId: string, apiKey: string): string {
  return `${origin}${paths.backend.url(paths.backend.frontdeskKey(branchId, apiKey))}`
}

/**
 * Admins only (spec §3: the branch's apiKey is seen and renewed by admins): every branch's
 * tablet link to copy or open, and the key's renewal, which locks out every tablet that has the
 * old link. Says so when the frontdesk plugin is off (then no key opens anything).
 */
export function TabletAccessPage() {
  const t = useT('bo-frontdesk')
  const { me } = useSession()
  const [state, setState] = useState<State>({ status: 'loading' })
  const [renewing, setRenewing] = useState<AdminBranch | undefined>()
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | undefined>()

  const load = useCallback(async () => {
    try {
      const [branches, config] = await Promise.all([
        apiGet<AdminBranch[]>('/branches'),
        apiGet<{ enablePluginFrontdesk?: boolean } | null>('/config'),
      ])
      setState({ status: 'ready', branches, pluginOn: config?.enablePluginFrontdesk === true })
    } catch (error) {
      setState({ status: 'failed', message: messageOf(error, t('access.loadFailed')) })
    }
  }, [t])
  useEffect(() => {
    if (isAdmin(me)) void load()
  }, [load, me])

  if (!isAdmin(me)) {
    return (
      <main id="main" className="bo-page">
        <h1>{t('access.title')}</h1>
        <Notice tone="danger">{t('access.adminsOnly')}</Notice>
      </main>
    )
  }

  const renew = async (branch: AdminBranch) => {
    setRenewing(undefined)
    try {
      await apiSend('POST', `/branches/${encodeURIComponent(branch.id)}/regenerate-api-key`, {
        version: branch.version,
      })
      setMessage({ tone: 'success', text: t('access.renewed', { branch: branch.name }) })
    } catch (error) {
      setMessage({ tone: 'danger', text: messageOf(error, t('access.renewFailed')) })
    }
    await load()
  }

  return (
    <main id="main" className="bo-page fd-access">
      <h1>{t('access.title')}</h1>
      <p className="fd-access__intro">{t('access.intro')}</p>
      {state.status === 'loading' ? <Spinner label={t('access.loading')} /> : null}
      {state.status === 'failed' ? (
        <Notice tone="danger" live="assertive">
          <p>{state.message}</p>
          <Button small variant="secondary" onClick={() => void load()}>
            {t('retry')}
          </Button>
        </Notice>
      ) : null}
      {message ? (
        <Notice tone={message.tone} live="polite">
          {message.text}
        </Notice>
      ) : null}
      {state.status === 'ready' ? (
        <>
          {state.pluginOn ? null : (
            <Notice tone="warning">
              <p>{t('access.pluginOff')}</p>
            </Notice>
          )}
          <ul className="fd-access__list">
            {state.branches.map((b) => (
              <BranchAccessRow key={b.id} branch={b} onRenew={() => setRenewing(b)} />
            ))}
          </ul>
        </>
      ) : null}
      {renewing ? (
        <Dialog
          open
          title={t('access.renewTitle', { branch: renewing.name })}
          closeLabel={t('bo-dialogs:close')}
          onClose={() => setRenewing(undefined)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setRenewing(undefined)}>
                {t('bo-dialogs:dismiss')}
              </Button>
              <Button variant="danger" onClick={() => void renew(renewing)}>
                {t('access.renew')}
              </Button>
            </>
          }
        >
          <p>{t('access.renewWarning')}</p>
        </Dialog>
      ) : null}
    </main>
  )
}

function BranchAccessRow({ branch, onRenew }: { branch: AdminBranch; onRenew: () => void }) {
  const t = useT('bo-frontdesk')
  const id = useId()
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>()
  const url = branch.apiKey ? tabletUrl(location.origin, branch.id, branch.apiKey) : undefined
  const copy = async () => {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      setCopied('yes')
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field is selected instead.
      ;(document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select()
      setCopied('no')
    }
  }
  return (
    <li className="fd-access__branch" aria-labelledby={`${id}-name`}>
      <h2 id={`${id}-name`} className="fd-access__name">
        {branch.name}
      </h2>
      {url ? (
        <>
          <label className="ui-field__label" htmlFor={`${id}-url`}>
            {t('access.link')}
          </label>
          <input
            id={`${id}-url`}
            className="ui-input fd-access__url"
            readOnly
            value={url}
            spellCheck={false}
          />
          <div className="fd-access__actions">
            <Button small onClick={() => void copy()}>
              {t('access.copy')}
            </Button>
            <a
              className={buttonClass('secondary', { small: true })}
              href={url}
              target="_blank"
              rel="noopener"
            >
              {t('access.open')}
            </a>
            <Link className={buttonClass('ghost', { small: true })} to={paths.backend.board(branch.id)}>
              {t('access.board')}
            </Link>
            <Button small variant="danger" onClick={onRenew}>
              {t('access.renew')}
            </Button>
          </div>
          <p className="fd-access__copied" role="status">
            {copied === 'yes' ? t('access.copied') : copied === 'no' ? t('access.copyManually') : ''}
          </p>
        </>
      ) : (
        <p>{t('access.noKey')}</p>
      )}
    </li>
  )
}
