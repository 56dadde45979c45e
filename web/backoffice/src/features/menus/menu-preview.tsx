/**
 * The menu preview: the storefront's menu of a branch at a chosen date and time, as a customer
 * would see it then (preview-model.ts, on the storefront's own shared rules). It previews the
 * form as it stands, unsaved changes included.
 */
import { wallClockOf } from '@shop/shared/domain/scheduling'
import { Field, Notice } from '@shop/ui'
import { useMemo, useState } from 'react'
import { apiGet } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import { useLoad } from '../../lib/resources.ts'
import { menuPreview, type PreviewBranch, type SoldOutMarks } from './preview-model.ts'

type Resource = Record<string, unknown> & { id: string }

export function MenuPreview({
  branches,
  defaultBranch,
  menus,
  categories,
  products,
}: {
  branches: PreviewBranch[]
  defaultBranch: string | undefined
  menus: Resource[]
  categories: Resource[]
  products: Resource[]
}) {
  const t = useT('bo-menus')
  const [branchId, setBranchId] = useState(defaultBranch ?? branches[0]?.id ?? '')
  const branch = branches.find((b) => b.id === branchId) ?? branches[0]
  const zone = typeof branch?.timeZone === 'string' ? branch.timeZone : 'Europe/Zurich'
  const [now] = useState(() => wallClockOf(Date.now(), zone))
  const [date, setDate] = useState(now.date)
  const [time, setTime] = useState(now.time)
  const [operations] = useLoad<{ soldOut: SoldOutMarks } | null>(
    () =>
      branch
        ? apiGet<{ soldOut: SoldOutMarks }>(`/branches/${encodeURIComponent(branch.id)}/operations`).catch(
            () => null,
          )
        : Promise.resolve(null),
    branch?.id ?? '',
  )
  const soldOut = operations.status === 'ready' && operations.value ? operations.value.soldOut : null
  const preview = useMemo(() => {
    if (!branch || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null
    try {
      return menuPreview({ branch, menus, categories, products, date, time, soldOut })
    } catch {
      return null
    }
  }, [branch, menus, categories, products, date, time, soldOut])
  const format = (ms: number) =>
    new Intl.DateTimeFormat('de-CH', { dateStyle: 'short', timeStyle: 'short', timeZone: zone }).format(ms)
  return (
    <section className="bo-fieldset bo-preview" aria-labelledby="menu-preview-title">
      <h2 id="menu-preview-title" className="bo-builder__title">
        {t('preview.title')}
      </h2>
      <p className="bo-hint bo-wide">{t('preview.hint')}</p>
      <div className="bo-preview__controls">
        <Field label={t('preview.branch')}>
          <select
            className="ui-select"
            value={branch?.id ?? ''}
            onChange={(e) => setBranchId(e.target.value)}
          >
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {String(b.name ?? b.id)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('preview.date')}>
          <input className="ui-input" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        <Field label={t('preview.time')}>
          <input className="ui-input" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        </Field>
      </div>
      {soldOut === null && operations.status !== 'loading' ? (
        <p className="bo-hint">{t('preview.noSoldOut')}</p>
      ) : null}
      {preview === null ? null : (
        <div className="bo-preview__result" data-testid="menu-preview">
          {preview.menu ? (
            <p>{t('preview.menu', { name: preview.menu.name })}</p>
          ) : (
            <Notice tone="warning">
              <p>{t('preview.noMenu')}</p>
            </Notice>
          )}
          {!preview.open.isOpenForOrdering ? (
            <Notice tone="warning">
              <p>{t('preview.closed')}</p>
            </Notice>
          ) : null}
          {preview.menu && preview.sections.length === 0 ? <p>{t('preview.empty')}</p> : null}
          {preview.sections.map((section) => (
            <div
              key={section.id}
              className={`bo-preview__section${section.orderable ? '' : ' is-unavailable'}`}
            >
              <h3>{section.name}</h3>
              {section.orderable ? null : <p className="bo-muted">{t(`preview.reason.${section.reason}`)}</p>}
              <ol>
                {section.products.map((product) => (
                  <li key={product.id} data-testid="preview-product">
                    <span className="bo-preview__name">{product.name}</span>
                    {product.soldOutUntil !== null ? (
                      <span className="ui-badge">
                        {t('preview.soldOut', { until: format(product.soldOutUntil) })}
                      </span>
                    ) : null}
                    {product.leadTimeEarliest !== null ? (
                      <span className="ui-badge">
                        {t('preview.leadTime', { at: format(product.leadTimeEarliest) })}
                      </span>
                    ) : null}
                    {!product.orderable && section.orderable && product.soldOutUntil === null ? (
                      <span className="bo-muted"> {t(`preview.reason.${product.reason}`)}</span>
                    ) : null}
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </div>
      )}
    </section>
  )
}
