/**
 * Reordering by drag and drop (@dnd-kit), for every editor's lists: the product's parts, options
 * and pictures, typed content's collections and images, the image templates' layers. Its
 * keyboard alternatives: the drag handle takes Space, the arrow keys and Space again
 * (KeyboardSensor with sortableKeyboardCoordinates, the moves announced in the page's language,
 * bo-common's `sort` texts), and every item also has visible "move up / down" buttons for those
 * who do not drag at all.
 *
 * The list shows its items (with their handles and move buttons) at once and takes up dragging
 * when the pointer or the focus first comes to the list, before the press or key that starts a
 * drag (rendered at once, in that event, so a touch that lands on a handle already finds
 * dnd-kit's listeners there): dnd-kit's context and a `useSortable` per item (the product editor
 * has 5 lists of 21 items, each item observed for its size) cost an editor that is only read
 * nothing. They are made beside the items, not around them, so that starting them re-renders no
 * item and remounts no input. Each item's binder hands the item's element and handle to dnd-kit
 * and hands back the handle's attributes and listeners and the item's movement. Measured by
 * `scripts/bench/editor-open.bench.ts` (docs/benchmarks.md).
 */
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS, type Transform } from '@dnd-kit/utilities'
import { type CSSProperties, type ReactNode, useLayoutEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { type Translate, useT } from './i18n.tsx'
import './sortable.css'

export type SortableItemProps = {
  /** The drag handle (a button: Space picks it up, arrows move, Space drops). */
  handle: ReactNode
  /** The "move up" and "move down" buttons. */
  moveButtons: ReactNode
}

/** What dnd-kit says of an item's handle, and of the item while it moves. */
type HandleState = { attributes: DraggableAttributes; listeners: DraggableSyntheticListeners }
type MoveState = { transform: Transform | null; transition: string | undefined; isDragging: boolean }

/** An item as its binder finds it: its element, its handle and where to hand dnd-kit's state. */
type Slot = {
  item: { current: HTMLLIElement | null }
  handle: { current: HTMLButtonElement | null }
  setHandle: (state: HandleState) => void
  setMove: (state: MoveState) => void
}

/**
 * A list whose items can be dragged into another order. `ids` are the items' stable keys,
 * `label(index)` names an item in the announcements and on the buttons.
 */
export function SortableList({
  ids,
  onMove,
  label,
  grid = false,
  className,
  children,
}: {
  ids: string[]
  onMove: (from: number, to: number) => void
  label: (index: number) => string
  grid?: boolean
  className?: string
  children: (id: string, index: number, props: SortableItemProps) => ReactNode
}) {
  const t = useT('bo-common')
  const [slots] = useState(() => new Map<string, Slot>())
  // Dragging is taken up as soon as the pointer or the focus comes to the list (see above).
  const [dragging, setDragging] = useState(false)
  const wake = dragging ? undefined : () => flushSync(() => setDragging(true))
  return (
    <>
      <ul className={className} onPointerEnter={wake} onFocus={wake}>
        {ids.map((id, index) => (
          <SortableItem
            key={id}
            id={id}
            index={index}
            count={ids.length}
            name={label(index)}
            onMove={onMove}
            render={children}
            slots={slots}
            t={t}
          />
        ))}
      </ul>
      {dragging ? <Dragging ids={ids} onMove={onMove} label={label} grid={grid} slots={slots} t={t} /> : null}
    </>
  )
}

/** dnd-kit for the list: its context, sensors and announcements, and a binder per item. */
function Dragging({
  ids,
  onMove,
  label,
  grid,
  slots,
  t,
}: {
  ids: string[]
  onMove: (from: number, to: number) => void
  label: (index: number) => string
  grid: boolean
  slots: Map<string, Slot>
  t: Translate
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const position = (id: string | number) => ids.indexOf(String(id))
  const name = (id: string | number) => label(position(id))
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('sort.picked', { name: name(active.id), position: position(active.id) + 1 }),
    onDragOver: ({ active, over }) =>
      over ? t('sort.over', { name: name(active.id), position: position(over.id) + 1 }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('sort.dropped', { name: name(active.id), position: position(over.id) + 1 }) : undefined,
    onDragCancel: ({ active }) => t('sort.cancelled', { name: name(active.id) }),
  }
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = position(active.id)
    const to = position(over.id)
    if (from >= 0 && to >= 0) onMove(from, to)
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('sort.instructions') } }}
    >
      <SortableContext items={ids} strategy={grid ? rectSortingStrategy : verticalListSortingStrategy}>
        {ids.map((id) => (
          <Binder key={id} id={id} slots={slots} />
        ))}
      </SortableContext>
    </DndContext>
  )
}

/** An item's `useSortable`, tied to the item's element and handle (it renders nothing). */
function Binder({ id, slots }: { id: string; slots: Map<string, Slot> }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id })
  useLayoutEffect(() => {
    const slot = slots.get(id)
    setNodeRef(slot?.item.current ?? null)
    setActivatorNodeRef(slot?.handle.current ?? null)
  })
  useLayoutEffect(() => {
    slots.get(id)?.setHandle({ attributes, listeners })
  }, [slots, id, attributes, listeners])
  useLayoutEffect(() => {
    slots.get(id)?.setMove({ transform, transition, isDragging })
  }, [slots, id, transform, transition, isDragging])
  return null
}

const STILL: MoveState = { transform: null, transition: undefined, isDragging: false }

function SortableItem({
  id,
  index,
  count,
  name,
  onMove,
  render,
  slots,
  t,
}: {
  id: string
  index: number
  count: number
  name: string
  onMove: (from: number, to: number) => void
  render: (id: string, index: number, props: SortableItemProps) => ReactNode
  slots: Map<string, Slot>
  t: Translate
}) {
  const [move, setMove] = useState<MoveState>(STILL)
  const [slot] = useState<Slot>(() => ({
    item: { current: null },
    handle: { current: null },
    setHandle: () => {},
    // Only a change renders the item again (dnd-kit starting up changes nothing here).
    setMove: (next) =>
      setMove((old) =>
        old.transition === next.transition &&
        old.isDragging === next.isDragging &&
        CSS.Translate.toString(old.transform) === CSS.Translate.toString(next.transform)
          ? old
          : next,
      ),
  }))
  useLayoutEffect(() => {
    slots.set(id, slot)
    return () => {
      if (slots.get(id) === slot) slots.delete(id)
    }
  }, [slots, id, slot])
  const style: CSSProperties | undefined =
    move === STILL
      ? undefined
      : {
          transform: CSS.Translate.toString(move.transform),
          transition: move.transition,
          ...(move.isDragging ? { zIndex: 2, position: 'relative' } : {}),
        }
  const handleLabel = t('sort.handle', { name })
  const up = t('sort.up', { name })
  const down = t('sort.down', { name })
  const handle = <Handle slot={slot} label={handleLabel} />
  const moveButtons = (
    <span className="bo-sortable__moves">
      <button
        type="button"
        className="bo-sortable__move"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
        aria-label={up}
        title={up}
      >
        ↑
      </button>
      <button
        type="button"
        className="bo-sortable__move"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
        aria-label={down}
        title={down}
      >
        ↓
      </button>
    </span>
  )
  return (
    <li ref={slot.item} style={style} className={move.isDragging ? 'bo-sortable--dragging' : undefined}>
      {render(id, index, { handle, moveButtons })}
    </li>
  )
}

/** The drag handle: its own state, so that dnd-kit starting up renders it alone, not the item. */
function Handle({ slot, label }: { slot: Slot; label: string }) {
  const [state, setState] = useState<HandleState | null>(null)
  useLayoutEffect(() => {
    slot.setHandle = setState
  }, [slot])
  return (
    <button
      type="button"
      className="bo-sortable__handle"
      ref={slot.handle}
      {...state?.attributes}
      {...state?.listeners}
      aria-label={label}
      title={label}
    >
      ⠿
    </button>
  )
}
