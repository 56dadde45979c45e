/** Adds products to a category of the menu: a searchable list of every product (GET /api/products). */
import { Button, Dialog, Field } from '@shop/ui'
import { useMemo, useState } from 'react'
import { useT } from '../../lib/i18n.tsx'
import type { Named } from './menu-builder.tsx'
import { matchesQuery } from './menu-model.ts'

const SHOWN = 200

export function ProductPicker({
  open,
  category,
  products,
  already,
  onClose,
  onAdd,
}: {
  open: boolean
  category: string
  products: Named[]
  already: readonly string[]
  onClose: () => void
  onAdd: (ids: string[]) => void
}) {
  const t = useT('bo-menus')
  const tc = useT('bo-common')
  const [query, setQuery] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const matching = useMemo(() => products.filter((p) => matchesQuery(p, query)), [products, query])
  const close = () => {
    setChosen([])
    setQuery('')
    onClose()
  }
  return (
    <Dialog
      open={open}
      title={t('picker.title', { name: category })}
      closeLabel={tc('close')}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {tc('cancel')}
          </Button>
          <Button
            disabled={chosen.length === 0}
            onClick={() => {
              const ids = chosen
              setChosen([])
              setQuery('')
              onAdd(ids)
            }}
          >
            {t('picker.add', { count: chosen.length })}
          </Button>
        </>
      }
    >
      <Field label={t('picker.search')}>
        <input className="ui-input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </Field>
      <p className="bo-hint" role="status">
        {t('picker.count', { count: matching.length })}
      </p>
      <ul className="bo-picker">
        {matching.slice(0, SHOWN).map((product) => {
          const inMenu = already.includes(product.id)
          return (
            <li key={product.id} className="bo-check">
              <label>
                <input
                  type="checkbox"
                  disabled={inMenu}
                  checked={inMenu || chosen.includes(product.id)}
                  onChange={(e) =>
                    setChosen((list) =>
                      e.target.checked ? [...list, product.id] : list.filter((id) => id !== product.id),
                    )
                  }
                />{' '}
                {product.name}
                {product.uid ? <span className="bo-muted"> ({product.uid})</span> : null}
                {inMenu ? <span className="bo-muted"> – {t('picker.inMenu')}</span> : null}
              </label>
            </li>
          )
        })}
      </ul>
    </Dialog>
  )
}
