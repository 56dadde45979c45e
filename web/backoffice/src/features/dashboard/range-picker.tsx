import { ORDER_TYPES, type OrderType } from '@shop/shared/domain/common'
import { Field } from '@shop/ui'
import { useId } from 'react'
import type { Translate } from '../../lib/i18n.tsx'
import { type DashboardFilters, type DateRange, PRESETS, type Preset } from './dashboard-model.ts'
import { DateInput } from './date-input.tsx'

export function RangePicker({
  t,
  filters,
  range,
  admin,
  branches,
  single,
  onChange,
}: {
  t: Translate
  filters: DashboardFilters
  range: DateRange
  admin: boolean
  branches: { id: string; name: string }[]
  single: boolean
  onChange: (next: Partial<DashboardFilters>) => void
}) {
  const id = useId()
  const choose = (preset: Preset) => {
    if (preset === 'custom') onChange({ preset, from: range.from, to: range.to })
    else onChange({ preset, from: '', to: '' })
  }
  return (
    <search className="bo-dash__filters" aria-label={t('filter.label')}>
      <fieldset className="bo-dash__presets">
        <legend className="ui-field__label">{t('filter.range')}</legend>
        <div className="bo-dash__preset-list">
          {PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="bo-dash__preset"
              aria-pressed={filters.preset === preset}
              onClick={() => choose(preset)}
            >
              {t(`preset.${preset}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="bo-dash__selects">
        {filters.preset === 'custom' ? (
          <>
            <DateInput
              label={t('filter.from')}
              value={filters.from}
              onCommit={(from) => onChange({ from })}
            />
            <DateInput label={t('filter.to')} value={filters.to} onCommit={(to) => onChange({ to })} />
          </>
        ) : null}
        <Field label={t('filter.branch')}>
          <select
            id={`${id}-branch`}
            className="ui-select"
            value={filters.branch}
            onChange={(e) => onChange({ branch: e.target.value })}
          >
            {single ? null : (
              <option value="">{admin ? t('filter.allBranches') : t('filter.ownBranches')}</option>
            )}
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('filter.orderType')}>
          <select
            id={`${id}-type`}
            className="ui-select"
            value={filters.orderType}
            onChange={(e) => onChange({ orderType: e.target.value as OrderType | '' })}
          >
            <option value="">{t('filter.allOrderTypes')}</option>
            {ORDER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`ordering:orderType.${type}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </search>
  )
}
