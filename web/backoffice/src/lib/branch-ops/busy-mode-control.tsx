import { EXTRA_MINUTES_CHOICES, PAUSE_MINUTES } from '@shop/shared/domain/operations'
import { Button, Icon } from '@shop/ui'
import { useId, useState } from 'react'
import { type Translate, useLocale, useT } from '../i18n.tsx'
import type { BranchOpsAccess } from './branch-ops-api.ts'
import { inForce, remainingParts, untilText } from './branch-ops-model.ts'
import { useBranchOps, useClock } from './use-branch-ops.ts'
import './branch-ops.css'

export type BusyModeControlProps = {
  /** The branch and how to reach the server (a staff session, or the frontdesk key). */
  access: BranchOpsAccess
}

/** "noch 14 Min." / "noch 1 Std. 5 Min." */
export function leftText(t: Translate, until: number, now: number): string {
  const { hours, minutes } = remainingParts(until, now)
  return hours > 0 ? t('left.hours', { hours, minutes }) : t('left.minutes', { minutes })
}

const PERIODS = ['60', '120', 'day'] as const
type Period = (typeof PERIODS)[number]

/**
 * Busy mode of one branch: pause online orders for 15, 30 or 60 minutes or until the end of the
 * day, or add extra preparation time (+15/+30/+45 minutes) for a period; resume or reset early.
 * Shows what is in force with the time left.
 */
export function BusyModeControl({ access }: BusyModeControlProps) {
  const t = useT('bo-branch-ops')
  const { locale } = useLocale()
  const ops = useBranchOps(access)
  // Re-rendered by the clock's tick; each render reads the time afresh (a write's answer too).
  useClock()
  const now = Date.now()
  const [period, setPeriod] = useState<Period>('60')
  const headingId = useId()
  const extraId = useId()
  const periodId = useId()
  const { pause, preparation } = inForce(ops.view, now)
  const busy = ops.pending !== null || ops.view === undefined
  const failed = t('busy.failed')
  const when = (iso: string) => untilText(Date.parse(iso), now, ops.timeZone, locale)

  return (
    <div
      className="bo-busy"
      data-paused={pause ? 'true' : 'false'}
      data-extra={preparation?.extraMinutes ?? 0}
    >
      <section className="bo-busy__part" aria-labelledby={headingId}>
        <h3 id={headingId} className="bo-busy__heading">
          {t('busy.heading')}
        </h3>
        {pause ? (
          <div className="bo-busy__state bo-busy__state--paused">
            <p role="status">
              <Icon name="warning" />
              {t('busy.paused', { when: when(pause.until), left: leftText(t, Date.parse(pause.until), now) })}
            </p>
            <Button
              small
              icon="check"
              disabled={busy}
              aria-label={t('busy.resumeLabel')}
              onClick={() => void ops.run('resume', (api) => api.resume(), failed)}
            >
              {t('busy.resume')}
            </Button>
          </div>
        ) : (
          <>
            <p className="bo-busy__state" role="status">
              <Icon name="check" />
              {t('busy.taking')}
            </p>
            <fieldset className="bo-busy__choices">
              <legend className="ui-visually-hidden">{t('busy.pauseGroup')}</legend>
              {PAUSE_MINUTES.map((minutes) => (
                <Button
                  key={minutes}
                  small
                  variant="secondary"
                  disabled={busy}
                  onClick={() => void ops.run('pause', (api) => api.pause({ minutes }), failed)}
                >
                  {t('busy.pauseMinutes', { minutes })}
                </Button>
              ))}
              <Button
                small
                variant="secondary"
                disabled={busy}
                aria-label={`${t('busy.pauseGroup')}: ${t('busy.restOfDay')}`}
                onClick={() => void ops.run('pause', (api) => api.pause({ untilEndOfDay: true }), failed)}
              >
                {t('busy.restOfDay')}
              </Button>
            </fieldset>
          </>
        )}
      </section>

      <section className="bo-busy__part" aria-labelledby={extraId}>
        <h3 id={extraId} className="bo-busy__heading">
          {t('busy.extraHeading')}
        </h3>
        {preparation ? (
          <div className="bo-busy__state bo-busy__state--extra">
            <p role="status">
              <Icon name="clock" />
              {t('busy.extraActive', {
                minutes: preparation.extraMinutes,
                when: when(preparation.until),
                left: leftText(t, Date.parse(preparation.until), now),
              })}
            </p>
            <Button
              small
              variant="secondary"
              disabled={busy}
              aria-label={t('busy.resetLabel')}
              onClick={() => void ops.run('reset', (api) => api.resetPreparation(), failed)}
            >
              {t('busy.reset')}
            </Button>
          </div>
        ) : (
          <>
            <p className="bo-busy__state" role="status">
              {t('busy.extraNone')}
            </p>
            <div className="bo-busy__choices">
              <label className="bo-busy__period" htmlFor={periodId}>
                {t('busy.extraFor')}
                <select id={periodId} value={period} onChange={(e) => setPeriod(e.target.value as Period)}>
                  {PERIODS.map((p) => (
                    <option key={p} value={p}>
                      {t(`busy.period${p === 'day' ? 'Day' : p}`)}
                    </option>
                  ))}
                </select>
              </label>
              <fieldset className="bo-busy__choices">
                <legend className="ui-visually-hidden">{t('busy.extraGroup')}</legend>
                {EXTRA_MINUTES_CHOICES.map((minutes) => (
                  <Button
                    key={minutes}
                    small
                    variant="secondary"
                    disabled={busy}
                    onClick={() =>
                      void ops.run(
                        'extend',
                        (api) =>
                          api.extendPreparation(minutes, period === 'day' ? undefined : Number(period)),
                        failed,
                      )
                    }
                  >
                    {t('busy.extraMinutes', { minutes })}
                  </Button>
                ))}
              </fieldset>
            </div>
          </>
        )}
      </section>
      {ops.error ? (
        <p className="bo-branch-ops__error" role="alert">
          {ops.error}
        </p>
      ) : null}
    </div>
  )
}
