import type { OrderType } from '@shop/shared/domain/catalogue'
import type { branchOpenState } from '@shop/shared/domain/scheduling'
import { Field } from '@shop/ui'
import { useT } from '../../lib/i18n.tsx'
import type { Branch } from '../../lib/shop-data.tsx'
import { fieldProps, Section, TextField, useCheckoutFields } from './checkout-fields.tsx'
import { OpenNotices } from './open-notices.tsx'

/** "Bestellung": the order type (a choice when the branch offers several), the table, the notices. */
export function OrderSection({
  branch,
  types,
  orderType,
  tables,
  open,
  onOrderType,
}: {
  branch: Branch
  types: readonly OrderType[]
  orderType: OrderType | null
  /** The branch's table identifiers, for the table choice. */
  tables: readonly string[]
  open: ReturnType<typeof branchOpenState>
  onOrderType: (type: OrderType) => void
}) {
  const t = useT('sf-checkout')
  const tx = useT('ordering')
  const { form, setField, errorOf } = useCheckoutFields()
  return (
    <Section id="checkout-order" title={t('order.heading')} icon="bag">
      {types.length > 1 ? (
        <Field label={t('order.type')} error={errorOf('isDelivery') ?? errorOf('isDineIn')}>
          <select
            className="ui-select"
            {...fieldProps('isDelivery')}
            value={orderType ?? ''}
            onChange={(e) => onOrderType(e.target.value as OrderType)}
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {tx(`orderType.${type}`)}
              </option>
            ))}
          </select>
        </Field>
      ) : orderType ? (
        <p className="checkout__fixed-type">
          <span>{t('order.type')}:</span> <strong>{tx(`orderType.${orderType}`)}</strong>
        </p>
      ) : null}
      {orderType === 'dineIn' ? (
        branch.isTableSelectionEnabled && tables.length > 0 ? (
          <Field label={t('order.tableSelect')} required error={errorOf('table')}>
            <select
              className="ui-select"
              {...fieldProps('table')}
              value={form.table}
              onChange={(e) => setField('table', e.target.value)}
            >
              <option value="">{t('order.tableChoose')}</option>
              {tables.map((table) => (
                <option key={table} value={table}>
                  {t('order.tableOption', { table })}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <TextField name="table" label={t('order.table')} required input={{ inputMode: 'numeric' }} />
        )
      ) : null}
      <OpenNotices branch={branch} open={open} orderType={orderType} types={types} />
    </Section>
  )
}
