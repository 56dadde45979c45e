import type { DeviceKind } from '@shop/shared/contracts'
import { Button, buttonClass, Field, Notice } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { type FormEvent, useId, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ApiError, messageOf } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import { ListFailed, ListLoading } from '../../lib/list-states.tsx'
import { createResource, useResourceList } from '../../lib/resources.ts'
import { useSession } from '../../lib/session.tsx'
import { pairDevice } from './device-api.ts'
import { type Device, deviceToBody, deviceToForm, isPairable, normalizeCode } from './device-model.ts'
import './devices.css'

const NEW = '__new__'

/**
 * /backend/devices/pair?code=…: where a screen's QR code leads (issue 21 point 1). The code is
 * filled in; the admin says which board or signage device the screen is, or creates a new one,
 * and pairs it: "Gekoppelt".
 */
export function DevicePairPage() {
  const t = useT('bo-devices')
  const id = useId()
  const [search] = useSearchParams()
  const { branches } = useSession()
  const [state, reload] = useResourceList<Device>('devices')
  const [code, setCode] = useState(() => normalizeCode(search.get('code') ?? ''))
  const [target, setTarget] = useState<string | undefined>()
  const [name, setName] = useState('')
  const [kind, setKind] = useState<DeviceKind>('board')
  const [branch, setBranch] = useState('')
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<{ code?: string; name?: string; other?: string }>({})
  const [paired, setPaired] = useState<Device | undefined>()
  const screens = useMemo(
    () => (state.status === 'ready' ? state.value.filter((d) => isPairable(d.kind)) : []),
    [state],
  )
  const chosen = target ?? screens[0]?.id ?? NEW

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setErrors({})
    setPaired(undefined)
    const typed = normalizeCode(code)
    if (typed === '') {
      setErrors({ code: t('pair.failed') })
      return
    }
    setBusy(true)
    try {
      let deviceId = chosen
      if (chosen === NEW) {
        const body = deviceToBody({ ...deviceToForm(null), name, kind, branch: branch || null })
        try {
          deviceId = (await createResource<Device>('devices', body)).id
        } catch (err) {
          const field = err instanceof ApiError ? err.errors.find((x) => x.field === 'name') : undefined
          setErrors(field ? { name: field.message } : { other: messageOf(err, t('error.create')) })
          return
        }
        await reload()
        setTarget(deviceId)
      }
      const device = await pairDevice(deviceId, typed)
      setPaired(device)
    } catch (err) {
      const field = err instanceof ApiError ? err.errors.find((x) => x.field === 'code') : undefined
      setErrors(field ? { code: field.message } : { other: messageOf(err, t('pair.failed')) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <main id="main" className="bo-page bo-device-pair">
      <Link className="bo-back" to={paths.backend.resources('devices')}>
        ← {t('title')}
      </Link>
      <h1>{t('pair.pageTitle')}</h1>
      <p className="bo-intro">{t('pair.pageIntro')}</p>
      {state.status === 'loading' ? <ListLoading /> : null}
      {state.status === 'failed' ? <ListFailed text={t('error.load')} retry={reload} /> : null}
      {state.status === 'ready' ? (
        <form className="bo-form bo-device-pair__form" onSubmit={(e) => void submit(e)} noValidate>
          <Field label={t('pair.code')} hint={t('pair.codeHint')} error={errors.code} required>
            <input
              className="ui-input bo-device-code"
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              onChange={(e) => setCode(e.target.value)}
            />
          </Field>
          <fieldset className="bo-fieldset">
            <legend>{t('pair.device')}</legend>
            {screens.length === 0 ? <p className="ui-field__hint">{t('pair.noDevices')}</p> : null}
            {screens.map((d) => (
              <div key={d.id} className="bo-check">
                <label>
                  <input
                    type="radio"
                    name={`${id}-device`}
                    value={d.id}
                    checked={chosen === d.id}
                    onChange={() => setTarget(d.id)}
                  />{' '}
                  {d.name || d.id} ({d.kind ? t(`kind.${d.kind}`) : ''})
                </label>
              </div>
            ))}
            <div className="bo-check">
              <label>
                <input
                  type="radio"
                  name={`${id}-device`}
                  value={NEW}
                  checked={chosen === NEW}
                  onChange={() => setTarget(NEW)}
                />{' '}
                {t('pair.newDevice')}
              </label>
            </div>
          </fieldset>
          {chosen === NEW ? (
            <fieldset className="bo-fieldset">
              <legend>{t('pair.newFields')}</legend>
              <Field label={t('field.name')} error={errors.name} required>
                <input className="ui-input" value={name} onChange={(e) => setName(e.target.value)} />
              </Field>
              <Field label={t('field.kind')} required>
                <select
                  className="ui-select"
                  value={kind}
                  onChange={(e) => setKind(e.target.value as DeviceKind)}
                >
                  <option value="board">{t('kind.board')}</option>
                  <option value="signage">{t('kind.signage')}</option>
                </select>
              </Field>
              <Field label={t('field.branch')}>
                <select className="ui-select" value={branch} onChange={(e) => setBranch(e.target.value)}>
                  <option value="">{t('noBranch')}</option>
                  {branches.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </select>
              </Field>
            </fieldset>
          ) : null}
          <div className="bo-form__actions">
            <Button type="submit" disabled={busy}>
              {t('pair.button')}
            </Button>
          </div>
          <div role="status">
            {paired ? (
              <Notice tone="success">
                <p>
                  <strong>{t('pair.paired')}</strong> – {paired.name}
                </p>
                <Link
                  className={buttonClass('secondary', { small: true })}
                  to={paths.backend.resource('devices', paired.id)}
                >
                  {t('pair.open')}
                </Link>
              </Notice>
            ) : null}
            {errors.other ? (
              <Notice tone="danger">
                <p>{errors.other}</p>
              </Notice>
            ) : null}
          </div>
        </form>
      ) : null}
    </main>
  )
}
