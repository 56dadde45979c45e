import { Button, Dialog, Field, Notice } from '@shop/ui'
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { messageOf } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import {
  type DeviceLogs,
  loadJobs,
  loadLogs,
  type PrintJob,
  pairDevice,
  requestLogs,
  retryJob,
  revokeDevice,
  testNotification,
  testPrint,
} from './device-api.ts'
import { type Device, isPairable, normalizeCode } from './device-model.ts'
import { lastSeenText, STATUS_POLL_MS, stateText, useDeviceStatuses } from './device-status.ts'

/** How often the log is asked for after "Log anfordern", and for how long at most. */
const LOG_POLL_MS = 1_000
const LOG_WAIT_MS = 30_000

type Result = { tone: 'success' | 'danger'; text: string }

/**
 * Beside a stored device's editor: its state, the pairing (boards and signage screens) and its
 * revocation, the tests (a printer's test receipt, a screen's test notification: the server's
 * honest answer), the log on request and a printer's recent jobs.
 */
export function DevicePanel({ device }: { device: Device }) {
  const t = useT('bo-devices')
  const id = useId()
  const { statuses, now, refresh } = useDeviceStatuses(device.branch?.id)
  const status = statuses?.get(device.id)
  const pairable = isPairable(device.kind)
  return (
    <section className="bo-device-panel" aria-labelledby={`${id}-title`} data-device-panel={device.id}>
      <h2 id={`${id}-title`}>{t('panel.title')}</h2>
      <dl className="bo-device-panel__facts">
        <div>
          <dt>{t('panel.status')}</dt>
          <dd data-device-state={status?.online ? 'online' : 'offline'}>
            {stateText(t, device, status)} – {lastSeenText(t, status, now)}
          </dd>
        </div>
        {status?.lastError ? (
          <div>
            <dt className="ui-visually-hidden">{t('jobs.error')}</dt>
            <dd>{t('panel.lastError', { error: status.lastError })}</dd>
          </div>
        ) : null}
        {device.kind === 'printer' && status && status.failedJobs > 0 ? (
          <div>
            <dt className="ui-visually-hidden">{t('column.failedJobs')}</dt>
            <dd className="bo-device-failed">{t('failedJobs', { count: status.failedJobs })}</dd>
          </div>
        ) : null}
      </dl>
      {pairable ? <Pairing device={device} paired={status?.paired === true} onChanged={refresh} /> : null}
      <Tests device={device} onDone={refresh} />
      <Logs device={device} />
      {device.kind === 'printer' ? <Jobs device={device} onRetried={refresh} /> : null}
    </section>
  )
}

function Pairing({ device, paired, onChanged }: { device: Device; paired: boolean; onChanged: () => void }) {
  const t = useT('bo-devices')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const [result, setResult] = useState<Result | undefined>()
  const [confirm, setConfirm] = useState(false)
  const pair = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(undefined)
    setResult(undefined)
    try {
      await pairDevice(device.id, normalizeCode(code))
      setCode('')
      setResult({ tone: 'success', text: t('pair.pairedText') })
      onChanged()
    } catch (err) {
      setError(messageOf(err, t('pair.failed')))
    } finally {
      setBusy(false)
    }
  }
  const revoke = async () => {
    setConfirm(false)
    setResult(undefined)
    try {
      await revokeDevice(device.id)
      setResult({ tone: 'success', text: t('revoke.done') })
      onChanged()
    } catch (err) {
      setResult({ tone: 'danger', text: messageOf(err, t('revoke.failed')) })
    }
  }
  return (
    <div className="bo-device-panel__block">
      <h3>{t('pair.title')}</h3>
      <p className="bo-device-pairing" data-paired={paired ? 'true' : 'false'}>
        <strong>{t(paired ? 'pair.paired' : 'pair.notPaired')}</strong>
      </p>
      <p className="ui-field__hint">{t('pair.intro')}</p>
      <form className="bo-device-panel__pair" onSubmit={(e) => void pair(e)} noValidate>
        <Field label={t('pair.code')} hint={t('pair.codeHint')} error={error} required>
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
        <Button type="submit" disabled={busy || normalizeCode(code) === ''}>
          {t(paired ? 'pair.again' : 'pair.button')}
        </Button>
      </form>
      {paired ? (
        <Button variant="danger" small onClick={() => setConfirm(true)}>
          {t('revoke.button')}
        </Button>
      ) : null}
      <div role="status">
        {result ? (
          <Notice tone={result.tone} className="bo-device-result">
            <p>{result.text}</p>
          </Notice>
        ) : null}
      </div>
      {confirm ? (
        <Dialog
          open
          title={t('revoke.title', { name: device.name ?? device.id })}
          closeLabel={t('bo-dialogs:close')}
          onClose={() => setConfirm(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirm(false)}>
                {t('bo-dialogs:dismiss')}
              </Button>
              <Button variant="danger" onClick={() => void revoke()}>
                {t('revoke.button')}
              </Button>
            </>
          }
        >
          <p>{t('revoke.text')}</p>
        </Dialog>
      ) : null}
    </div>
  )
}

function Tests({ device, onDone }: { device: Device; onDone: () => void }) {
  const t = useT('bo-devices')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<Result | undefined>()
  const run = async (test: () => Promise<unknown>) => {
    setBusy(true)
    setResult(undefined)
    try {
      await test()
      setResult({ tone: 'success', text: t('test.ok') })
    } catch (err) {
      setResult({ tone: 'danger', text: messageOf(err, t('test.failed')) })
    } finally {
      setBusy(false)
      onDone()
    }
  }
  return (
    <div className="bo-device-panel__block">
      <div className="bo-device-panel__buttons">
        {device.kind === 'printer' ? (
          <Button variant="secondary" disabled={busy} onClick={() => void run(() => testPrint(device.id))}>
            {t('test.print')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void run(() => testNotification(device.id))}
          >
            {t('test.notification')}
          </Button>
        )}
      </div>
      <div role="status" className="bo-device-test" aria-busy={busy}>
        {busy ? <p>{t('test.busy')}</p> : null}
        {result ? (
          <Notice tone={result.tone} className="bo-device-result" id={`test-${device.id}`}>
            <p data-test-result={result.tone}>{result.text}</p>
          </Notice>
        ) : null}
      </div>
    </div>
  )
}

function Logs({ device }: { device: Device }) {
  const t = useT('bo-devices')
  const [state, setState] = useState<
    | { status: 'idle' }
    | { status: 'waiting' }
    | { status: 'failed'; message: string }
    | { status: 'ready'; logs: Pick<DeviceLogs, 'receivedAt' | 'lines'> }
  >({ status: 'idle' })
  const stop = useRef<() => void>(() => {})
  useEffect(() => () => stop.current(), [])
  const request = async () => {
    stop.current()
    setState({ status: 'waiting' })
    try {
      const answer = await requestLogs(device.id)
      if (answer.lines) {
        setState({ status: 'ready', logs: { receivedAt: new Date().toISOString(), lines: answer.lines } })
        return
      }
    } catch (err) {
      setState({ status: 'failed', message: messageOf(err, t('logs.failed')) })
      return
    }
    // The device answers by posting its log: asked for until it is there (at most 30 s).
    const started = Date.now()
    let stopped = false
    stop.current = () => {
      stopped = true
    }
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, LOG_POLL_MS))
      if (stopped) return
      try {
        const logs = await loadLogs(device.id)
        const arrived =
          logs.receivedAt !== null &&
          (logs.requestedAt === null || Date.parse(logs.receivedAt) >= Date.parse(logs.requestedAt))
        if (arrived) {
          setState({ status: 'ready', logs })
          return
        }
      } catch {
        // a passing failure: asked again
      }
      if (Date.now() - started > LOG_WAIT_MS) {
        setState({ status: 'failed', message: t('logs.failed') })
        return
      }
    }
  }
  return (
    <div className="bo-device-panel__block">
      <h3>{t('logs.title')}</h3>
      <Button variant="secondary" small disabled={state.status === 'waiting'} onClick={() => void request()}>
        {t('logs.request')}
      </Button>
      <div role="status">
        {state.status === 'waiting' ? <p>{t('logs.waiting')}</p> : null}
        {state.status === 'failed' ? (
          <Notice tone="danger">
            <p>{state.message}</p>
          </Notice>
        ) : null}
        {state.status === 'ready' ? (
          <p>
            {t('logs.received', {
              time: state.logs.receivedAt ? new Date(state.logs.receivedAt).toLocaleTimeString('de-CH') : '',
            })}
          </p>
        ) : null}
      </div>
      {state.status === 'ready' ? (
        state.logs.lines.length === 0 ? (
          <p>{t('logs.empty')}</p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          <section className="bo-device-log" tabIndex={0} aria-label={t('logs.title')}>
            <pre>{state.logs.lines.join('\n')}</pre>
          </section>
        )
      ) : null}
    </div>
  )
}

function Jobs({ device, onRetried }: { device: Device; onRetried: () => void }) {
  const t = useT('bo-devices')
  const id = useId()
  const [jobs, setJobs] = useState<PrintJob[] | undefined>()
  const [failed, setFailed] = useState(false)
  const [result, setResult] = useState<Result | undefined>()
  const load = useCallback(async () => {
    try {
      setJobs(await loadJobs(device.id))
      setFailed(false)
    } catch {
      setFailed(true)
    }
  }, [device.id])
  useEffect(() => {
    void load()
    const timer = setInterval(() => void load(), STATUS_POLL_MS)
    return () => clearInterval(timer)
  }, [load])
  const retry = async (job: PrintJob) => {
    setResult(undefined)
    try {
      await retryJob(job.id)
      setResult({ tone: 'success', text: t('jobs.retried') })
      onRetried()
    } catch (err) {
      setResult({ tone: 'danger', text: messageOf(err, t('jobs.retryFailed')) })
    }
    await load()
  }
  return (
    <div className="bo-device-panel__block">
      <h3 id={id}>{t('jobs.title')}</h3>
      {failed ? <p className="bo-device-failed">{t('jobs.load')}</p> : null}
      {jobs && jobs.length === 0 ? <p>{t('jobs.empty')}</p> : null}
      {jobs && jobs.length > 0 ? (
        <ul className="bo-device-jobs" aria-labelledby={id}>
          {jobs.map((job) => (
            <li key={job.id} data-job-status={job.status}>
              <span>{new Date(job.createdAt).toLocaleString('de-CH')}</span>{' '}
              <span>{job.purpose === 'test' ? t('jobs.test') : t(`purpose.${job.purpose}`)}</span>{' '}
              <strong>{t(`jobStatus.${job.status}`)}</strong>
              {job.lastError ? <span className="bo-device-jobs__error"> – {job.lastError}</span> : null}
              {job.status === 'failed' || (job.status === 'pending' && job.lastError !== null) ? (
                <Button small variant="secondary" onClick={() => void retry(job)}>
                  {t('jobs.retry')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div role="status">
        {result ? (
          <Notice tone={result.tone}>
            <p>{result.text}</p>
          </Notice>
        ) : null}
      </div>
    </div>
  )
}
