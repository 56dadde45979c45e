import { Button, Field, Notice } from '@shop/ui'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ApiError, publicClient } from '../lib/api.ts'
import { BASE, type Me, safeNext } from '../lib/auth-model.ts'
import { useT } from '../lib/i18n.tsx'
import { LocalePicker } from './shell.tsx'

/**
 * /backend/login (spec §6): username and password; the server's refusal is shown as it comes
 * (spec §8, translated by the server: invalid credentials, too many attempts with the minutes,
 * account disabled). After the login the page that sent here (`next`), else the orders.
 */
export function LoginPage() {
  const t = useT('bo-shell')
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const usernameRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  const errorId = useId()
  const loggedOut = params.get('loggedOut') === '1'
  const redirected = params.has('next')

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    if (!username.trim() || !password) {
      setError(t('login.required'))
      ;(username.trim() ? passwordRef : usernameRef).current?.focus()
      return
    }
    setBusy(true)
    setError(undefined)
    try {
      await publicClient.request<Me>('POST', '/login', { username: username.trim(), password })
      navigate(safeNext(params.get('next')).slice(BASE.length), { replace: true })
    } catch (failure) {
      setBusy(false)
      setPassword('')
      const message =
        failure instanceof ApiError
          ? failure.status === 0
            ? t('offline')
            : (failure.errors[0]?.message ?? t('login.failed'))
          : t('login.failed')
      setError(message)
      passwordRef.current?.focus()
    }
  }

  return (
    <main id="main" className="bo-login">
      <div className="bo-login__card ui-card">
        <div className="bo-login__top">
          <p className="bo-brand">{t('appName')}</p>
          <LocalePicker />
        </div>
        <h1>{t('login.title')}</h1>
        {loggedOut ? (
          <Notice tone="success" live="polite">
            <p>{t('login.loggedOut')}</p>
          </Notice>
        ) : redirected ? (
          <Notice tone="info" live="polite">
            <p>{t('auth:auth.sessionExpired')}</p>
          </Notice>
        ) : (
          <p className="bo-login__intro">{t('login.intro')}</p>
        )}
        <form
          className="bo-login__form"
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-describedby={error ? errorId : undefined}
        >
          {error ? (
            <Notice tone="danger" live="assertive" id={errorId}>
              <p data-testid="login-error">{error}</p>
            </Notice>
          ) : null}
          <Field label={t('login.username')} required>
            <input
              ref={usernameRef}
              className="ui-input"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              // biome-ignore lint/a11y/noAutofocus: the page's only task; the first field of a login form
              autoFocus
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </Field>
          <Field label={t('login.password')} required>
            <input
              ref={passwordRef}
              className="ui-input"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Button type="submit" block disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
      </div>
    </main>
  )
}
