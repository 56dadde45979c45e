import type { Translate } from '../../lib/i18n.tsx'
import { directionOf } from './dashboard-model.ts'
import type { Formats } from './use-formats.ts'

const ARROWS = {
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M19 12l-7 7-7-7',
  same: 'M5 12h14M13 5l7 7-7 7',
} as const

export function Change({
  t,
  f,
  change,
  kind,
}: {
  t: Translate
  f: Formats
  change: number | null
  kind: 'relative' | 'points'
}) {
  // As displayed: whole percent, or percentage points with one decimal.
  const value =
    change === null ? null : kind === 'relative' ? Math.round(change * 100) : Math.round(change * 10) / 10
  const direction = directionOf(value)
  if (value === null || direction === null)
    return <p className="bo-kpi__change bo-kpi__change--none">{t('change.none')}</p>
  return (
    <p className={`bo-kpi__change bo-kpi__change--${direction}`}>
      <svg
        className="ui-icon bo-kpi__arrow"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d={ARROWS[direction]} />
      </svg>
      <span className="ui-visually-hidden">{t(`change.${direction}`)}: </span>
      {kind === 'relative'
        ? t('change.relative', { value: f.signed(value) })
        : t('change.points', { value: f.signed(value) })}
    </p>
  )
}
