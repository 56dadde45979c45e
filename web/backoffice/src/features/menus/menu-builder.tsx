/**
 * The menu's catalogue builder (issue 17): its categories in order, in each its products in
 * order. Reordered by drag and drop (@dnd-kit sortable) with a keyboard alternative: the handle
 * takes Space/Enter to lift, the arrow keys to move and Space/Enter to drop (Escape cancels),
 * and every row has visible move up / move down buttons. Categories and products are added from
 * pickers and removed with a button. Every change goes through the pure steps of menu-model.ts.
 */
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Button, Field } from '@shop/ui'
import { type ReactNode, useId, useMemo, useState } from 'react'
import { useController } from 'react-hook-form'
import { useFormContext } from '../../lib/forms.tsx'
import { useT } from '../../lib/i18n.tsx'
import {
  addCategory,
  addProducts,
  type CatalogRow,
  dropCategory,
  dropProduct,
  moveCategory,
  moveProduct,
  removeCategory,
  removeProduct,
} from './menu-model.ts'
import { ProductPicker } from './product-picker.tsx'

export type Named = { id: string; name: string; uid?: string }

const C = 'c:'
const P = 'p:'

function useDndSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
}

/** Spoken feedback while dragging (dnd-kit's live region), in the page's language. */
function useAnnouncements(nameOf: (id: string) => string): Announcements {
  const t = useT('bo-menus')
  return {
    onDragStart: ({ active }) => t('dnd.start', { name: nameOf(String(active.id)) }),
    onDragOver: ({ active, over }) =>
      over ? t('dnd.over', { name: nameOf(String(active.id)), over: nameOf(String(over.id)) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('dnd.end', { name: nameOf(String(active.id)), over: nameOf(String(over.id)) }) : undefined,
    onDragCancel: ({ active }) => t('dnd.cancel', { name: nameOf(String(active.id)) }),
  }
}

export function MenuBuilder({ categories, products }: { categories: Named[]; products: Named[] }) {
  const t = useT('bo-menus')
  const { control } = useFormContext()
  const { field } = useController({ name: 'catalog', control })
  const catalog = (field.value ?? []) as CatalogRow[]
  const set = (next: CatalogRow[]) => field.onChange(next)
  const categoryName = useMemo(() => new Map(categories.map((c) => [c.id, c.name])), [categories])
  const productName = useMemo(() => new Map(products.map((p) => [p.id, p.name])), [products])
  const nameOf = (id: string) =>
    id.startsWith(C)
      ? (categoryName.get(id.slice(2)) ?? id.slice(2))
      : (productName.get(id.slice(2)) ?? id.slice(2))
  const sensors = useDndSensors()
  const announcements = useAnnouncements(nameOf)
  const [adding, setAdding] = useState('')
  const addId = useId()
  const free = categories.filter((c) => !catalog.some((row) => row.category === c.id))
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id)
      set(dropCategory(catalog, String(active.id).slice(2), String(over.id).slice(2)))
  }
  return (
    <section className="bo-fieldset bo-builder" aria-labelledby={`${addId}-title`}>
      <h2 id={`${addId}-title`} className="bo-builder__title">
        {t('builder.title')}
      </h2>
      <p className="bo-hint">{t('builder.hint')}</p>
      {catalog.length === 0 ? <p className="bo-hint">{t('builder.empty')}</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
      >
        <SortableContext
          items={catalog.map((row) => C + row.category)}
          strategy={verticalListSortingStrategy}
        >
          <ol className="bo-builder__categories">
            {catalog.map((row, index) => (
              <SortableRow
                key={row.category}
                id={C + row.category}
                className="bo-builder__category"
                handleLabel={t('builder.dragCategory', { name: nameOf(C + row.category) })}
                title={<h3 className="bo-builder__name">{nameOf(C + row.category)}</h3>}
                moveUp={index > 0 ? () => set(moveCategory(catalog, row.category, -1)) : undefined}
                moveDown={
                  index < catalog.length - 1 ? () => set(moveCategory(catalog, row.category, 1)) : undefined
                }
                upLabel={t('builder.categoryUp', { name: nameOf(C + row.category) })}
                downLabel={t('builder.categoryDown', { name: nameOf(C + row.category) })}
                removeLabel={t('builder.removeCategory', { name: nameOf(C + row.category) })}
                onRemove={() => set(removeCategory(catalog, row.category))}
              >
                <CategoryProducts
                  row={row}
                  nameOf={nameOf}
                  products={products}
                  onChange={(change) => set(change(catalog))}
                />
              </SortableRow>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="bo-builder__add">
        <Field label={t('builder.addCategory')}>
          <select className="ui-select" id={addId} value={adding} onChange={(e) => setAdding(e.target.value)}>
            <option value="">{t('builder.chooseCategory')}</option>
            {free.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Button
          small
          variant="secondary"
          icon="plus"
          disabled={adding === ''}
          onClick={() => {
            set(addCategory(catalog, adding))
            setAdding('')
          }}
        >
          {t('builder.add')}
        </Button>
      </div>
    </section>
  )
}

function CategoryProducts({
  row,
  nameOf,
  products,
  onChange,
}: {
  row: CatalogRow
  nameOf: (id: string) => string
  products: Named[]
  onChange: (change: (catalog: CatalogRow[]) => CatalogRow[]) => void
}) {
  const t = useT('bo-menus')
  const sensors = useDndSensors()
  const announcements = useAnnouncements(nameOf)
  const [picking, setPicking] = useState(false)
  const category = nameOf(C + row.category)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id)
      onChange((catalog) =>
        dropProduct(catalog, row.category, String(active.id).slice(2), String(over.id).slice(2)),
      )
  }
  return (
    <div className="bo-builder__products">
      {row.products.length === 0 ? <p className="bo-hint">{t('builder.noProducts')}</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
      >
        <SortableContext items={row.products.map((id) => P + id)} strategy={verticalListSortingStrategy}>
          <ol aria-label={t('builder.productsOf', { name: category })}>
            {row.products.map((id, index) => (
              <SortableRow
                key={id}
                id={P + id}
                className="bo-builder__product"
                handleLabel={t('builder.dragProduct', { name: nameOf(P + id) })}
                title={<span className="bo-builder__name">{nameOf(P + id)}</span>}
                moveUp={index > 0 ? () => onChange((c) => moveProduct(c, row.category, id, -1)) : undefined}
                moveDown={
                  index < row.products.length - 1
                    ? () => onChange((c) => moveProduct(c, row.category, id, 1))
                    : undefined
                }
                upLabel={t('builder.productUp', { name: nameOf(P + id) })}
                downLabel={t('builder.productDown', { name: nameOf(P + id) })}
                removeLabel={t('builder.removeProduct', { name: nameOf(P + id) })}
                onRemove={() => onChange((c) => removeProduct(c, row.category, id))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <Button small variant="secondary" icon="plus" onClick={() => setPicking(true)}>
        {t('builder.addProducts', { name: category })}
      </Button>
      <ProductPicker
        open={picking}
        category={category}
        products={products}
        already={row.products}
        onClose={() => setPicking(false)}
        onAdd={(ids) => {
          onChange((c) => addProducts(c, row.category, ids))
          setPicking(false)
        }}
      />
    </div>
  )
}

function SortableRow({
  id,
  className,
  title,
  handleLabel,
  moveUp,
  moveDown,
  upLabel,
  downLabel,
  removeLabel,
  onRemove,
  children,
}: {
  id: string
  className: string
  title: ReactNode
  handleLabel: string
  moveUp: (() => void) | undefined
  moveDown: (() => void) | undefined
  upLabel: string
  downLabel: string
  removeLabel: string
  onRemove: () => void
  children?: ReactNode
}) {
  const t = useT('bo-menus')
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id })
  return (
    <li
      ref={setNodeRef}
      className={`${className}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div className="bo-builder__row">
        <button
          type="button"
          className="bo-builder__handle"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={handleLabel}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        {title}
        <span className="bo-builder__actions">
          <Button
            small
            variant="ghost"
            aria-label={upLabel}
            title={upLabel}
            disabled={!moveUp}
            onClick={moveUp}
          >
            <span aria-hidden="true">↑</span> {t('builder.up')}
          </Button>
          <Button
            small
            variant="ghost"
            aria-label={downLabel}
            title={downLabel}
            disabled={!moveDown}
            onClick={moveDown}
          >
            <span aria-hidden="true">↓</span> {t('builder.down')}
          </Button>
          <Button
            small
            variant="ghost"
            icon="trash"
            aria-label={removeLabel}
            title={removeLabel}
            onClick={onRemove}
          >
            {t('builder.remove')}
          </Button>
        </span>
      </div>
      {children}
    </li>
  )
}
