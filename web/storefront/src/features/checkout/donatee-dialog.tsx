import { Button, Dialog, Icon } from '@shop/ui'
import { useState } from 'react'
import { useT } from '../../lib/i18n.tsx'
import type { Donatee } from '../../lib/shop-data.tsx'
import { filterDonatees, toggleDonatee } from './checkout-model.ts'

/**
 * Spec §2 "Spendenempfänger, chosen in an overlay with search" and §5 "Donatee search": the list
 * filters by name or description (case-insensitive); tapping the selected one deselects it.
 */
export function DonateeDialog({
  donatees,
  value,
  onChange,
  onClose,
}: {
  donatees: readonly Donatee[]
  value: string | null
  onChange: (id: string | null) => void
  onClose: () => void
}) {
  const t = useT('sf-checkout')
  const [term, setTerm] = useState('')
  const shown = filterDonatees(donatees, term)
  return (
    <Dialog
      open
      title={t('donation.title')}
      onClose={onClose}
      closeLabel={t('close')}
      footer={<Button onClick={onClose}>{t('donation.done')}</Button>}
    >
      <div className="checkout-donatee__search">
        <label className="ui-visually-hidden" htmlFor="checkout-donatee-search">
          {t('donation.search')}
        </label>
        <Icon name="search" />
        <input
          id="checkout-donatee-search"
          className="ui-input"
          type="search"
          placeholder={t('donation.search')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
      </div>
      <p className="ui-visually-hidden" aria-live="polite">
        {shown.length === 0 ? t('donation.noMatch') : t('donation.results', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <p className="checkout-donatee__empty">{t('donation.noMatch')}</p>
      ) : (
        <ul className="checkout-donatee__list">
          {shown.map((donatee) => {
            const selected = donatee.id === value
            return (
              <li key={donatee.id}>
                <button
                  type="button"
                  className={['checkout-donatee__option', selected ? 'is-selected' : ''].join(' ')}
                  aria-pressed={selected}
                  onClick={() => onChange(toggleDonatee(value, donatee.id))}
                >
                  <span className="checkout-donatee__check" aria-hidden="true">
                    {selected ? <Icon name="check" /> : null}
                  </span>
                  <span className="checkout-donatee__text">
                    <strong>{donatee.name}</strong>
                    {donatee.description ? <span>{donatee.description}</span> : null}
                    {selected ? <em>{t('donation.selectedHint')}</em> : null}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </Dialog>
  )
}
