/**
 * (Moved here from the product editor's lists, for every editor: a feature imports no other
 * feature. Its texts are in bo-typed-content's `sort`.)
 *
 * Reordering by drag and drop (@dnd-kit) with its keyboard alternatives: the drag handle takes
 * Space, the arrow keys and Space again (KeyboardSensor with sortableKeyboardCoordinates, the
 * moves announced in the page's language), and every item also has visible "move up / down"
 * buttons for those who do not drag at all.
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
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import './sortable.css'
import type { CSSProperties, ReactNode } from 'react'
import { useT } from './i18n.tsx'

export type SortableItemProps = {
  /** The drag handle (a button: Space picks it up, arrows move, Space drops). */
  handle: ReactNode
  /** The "move up" and "move down" buttons. */
  moveButtons: ReactNode
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
  const t = useT('bo-typed-content')
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
        <ul className={className}>
          {ids.map((id, index) => (
            <SortableItem
              key={id}
              id={id}
              index={index}
              count={ids.length}
              name={label(index)}
              onMove={onMove}
              render={children}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  )
}

function SortableItem({
  id,
  index,
  count,
  name,
  onMove,
  render,
}: {
  id: string
  index: number
  count: number
  name: string
  onMove: (from: number, to: number) => void
  render: (id: string, index: number, props: SortableItemProps) => ReactNode
}) {
  const t = useT('bo-typed-content')
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id })
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { zIndex: 2, position: 'relative' } : {}),
  }
  const handle = (
    <button
      type="button"
      className="bo-sortable__handle"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('sort.handle', { name })}
      title={t('sort.handle', { name })}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  )
  const moveButtons = (
    <span className="bo-sortable__moves">
      <button
        type="button"
        className="bo-sortable__move"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
        aria-label={t('sort.up', { name })}
        title={t('sort.up', { name })}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="bo-sortable__move"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
        aria-label={t('sort.down', { name })}
        title={t('sort.down', { name })}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </span>
  )
  return (
    <li ref={setNodeRef} style={style} className={isDragging ? 'bo-sortable--dragging' : undefined}>
      {render(id, index, { handle, moveButtons })}
    </li>
  )
}
