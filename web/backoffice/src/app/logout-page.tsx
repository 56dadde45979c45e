import { Button, Notice, Spinner } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { publicClient } from '../lib/api.ts'
import { useT } from '../lib/i18n.tsx'

/**
 * /backend/logout (spec §6): POST /api/logout with the CSRF header (the server deletes the
 * session and clears both cookies), then the login page with a "logged out" notice.
 */
export function LogoutPage() {
  const t = useT('bo-shell')
  const navigate = useNavigate()
  const [failed, setFailed] = useState(false)
  const started = useRef(false)
  const logout = useCallback(async () => {
    setFailed(false)
    try {
      await publicClient.request('POST', '/logout')
      navigate(`${paths.backend.login()}?loggedOut=1`, { replace: true })
    } catch {
      setFailed(true)
    }
  }, [navigate])
  useEffect(() => {
    // Once, also under StrictMode's double effect.
    if (started.current) return
    started.current = true
    void logout()
  }, [logout])
  return (
    <main id="main" className="bo-loading">
      {failed ? (
        <Notice tone="danger" live="assertive">
          <p>{t('logout.failed')}</p>
          <Button small variant="secondary" onClick={() => void logout()}>
            {t('retry')}
          </Button>
        </Notice>
      ) : (
        <Spinner label={t('logout.running')} />
      )}
    </main>
  )
}
