import { Button, Icon } from '@shop/ui'
import { type FormEvent, useId, useState } from 'react'
import { useLocale, useT } from '../i18n.tsx'
import type { BranchOpsAccess } from './branch-ops-api.ts'
import { chosenUntil, defaultUntil, soldOutEntryOf, untilText } from './branch-ops-model.ts'
import { useBranchOps, useClock } from './use-branch-ops.ts'
import './branch-ops.css'

export type SoldOutToggleProps = {
  /** The branch and how to reach the server (a staff session, or the frontdesk key). */
  access: BranchOpsAccess
  /** The product (its resource id; the name labels the buttons). */
  product: { id: string; name: string }
  /** Smaller buttons, for a table row. */
  small?: boolean
}

/**
 * "Sold out" ("86") for one product at one branch: one tap marks it sold out until the end of
 * the branch's business day; "Bis …" opens a small form for a chosen date and time. While sold
 * out it says until when and offers "Wieder verfügbar". Every toggle of the branch on the page
 * shares one state (use-branch-ops.ts).
 */
export function SoldOutToggle({ access, product, small = true }: SoldOutToggleProps) {
  const t = useT('bo-branch-ops')
  const { locale } = useLocale()
  const ops = useBranchOps(access)
  // Re-rendered by the clock's tick; each render reads the time afresh (a write's answer too).
  useClock()
  const now = Date.now()
  const formId = useId()
  const [form, setForm] = useState<{ date: string; time: string } | null>(null)
  const [incomplete, setIncomplete] = useState(false)
  const entry = soldOutEntryOf(ops.view, product.id, now)
  const busy = ops.pending !== null
  const failed = t('soldOut.failed')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!form) return
    const until = chosenUntil(form.date, form.time, Date.now(), ops.timeZone)
    if (until === null) {
      setIncomplete(true)
      return
    }
    setIncomplete(false)
    void ops.run('sold-out', (api) => api.markSoldOut(product.id, until), failed).then(() => setForm(null))
  }

  return (
    <div className="bo-sold-out" data-product-id={product.id} data-sold-out={entry ? 'true' : 'false'}>
      {entry ? (
        <>
          <span className="bo-sold-out__state">
            <Icon name="warning" />
            {t('soldOut.until', { when: untilText(Date.parse(entry.until), now, ops.timeZone, locale) })}
          </span>
          <Button
            small={small}
            variant="secondary"
            icon="check"
            disabled={busy}
            aria-label={t('soldOut.backLabel', { name: product.name })}
            onClick={() => void ops.run('back', (api) => api.backInStock(product.id), failed)}
          >
            {t('soldOut.back')}
          </Button>
        </>
      ) : (
        <>
          <Button
            small={small}
            variant="danger"
            disabled={busy}
            aria-label={t('soldOut.markLabel', { name: product.name })}
            onClick={() => void ops.run('sold-out', (api) => api.markSoldOut(product.id), failed)}
          >
            {t('soldOut.mark')}
          </Button>
          <Button
            small={small}
            variant="ghost"
            icon="clock"
            disabled={busy}
            aria-label={t('soldOut.moreLabel', { name: product.name })}
            aria-expanded={form !== null}
            aria-controls={formId}
            onClick={() => {
              setIncomplete(false)
              setForm(form ? null : defaultUntil(Date.now(), ops.timeZone))
            }}
          >
            {t('soldOut.more')}
          </Button>
        </>
      )}
      {form && !entry ? (
        <form
          id={formId}
          className="bo-sold-out__form"
          aria-label={t('soldOut.formLabel', { name: product.name })}
          onSubmit={submit}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setForm(null)
          }}
        >
          <label className="bo-sold-out__field">
            <span>{t('soldOut.date')}</span>
            <input
              type="date"
              required
              value={form.date}
              onChange={(e) => setForm({ ...form, date: e.target.value })}
            />
          </label>
          <label className="bo-sold-out__field">
            <span>{t('soldOut.time')}</span>
            <input
              type="time"
              required
              step={300}
              value={form.time}
              onChange={(e) => setForm({ ...form, time: e.target.value })}
            />
          </label>
          <Button small type="submit" variant="danger" disabled={busy}>
            {t('soldOut.submit')}
          </Button>
          <Button small variant="ghost" onClick={() => setForm(null)}>
            {t('soldOut.cancel')}
          </Button>
          {incomplete ? (
            <p className="bo-branch-ops__error" role="alert">
              {t('soldOut.incomplete')}
            </p>
          ) : null}
        </form>
      ) : null}
      {ops.error ? (
        <p className="bo-branch-ops__error" role="alert">
          {ops.error}
        </p>
      ) : null}
    </div>
  )
}
