/**
 * The navigation's items as a tree (issue 19 part 5; docs/content.md "Navigations"): items of
 * each type are added (home, a site or a branch chosen from a searchable list, a link), labelled,
 * switched on and off, and arranged by drag and drop (@dnd-kit sortable, one flat list: up and
 * down reorders, right and left nests) or by buttons (up, down, indent, outdent) that anyone can
 * reach with the keyboard. Every move is announced in a live region and keeps the focus on the
 * item moved. No item gets deeper than MAX_NAVIGATION_DEPTH levels. Every change is a pure step
 * of navigation-tree.ts on the form's `items`.
 */
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
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
import { MAX_NAVIGATION_DEPTH, type NavigationItemType } from '@shop/shared/contracts'
import { Button } from '@shop/ui'
import { type CSSProperties, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import {
  Button as AriaButton,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components'
import { get, useController } from 'react-hook-form'
import { fieldControlProps, framed, useFormContext } from '../../lib/forms.tsx'
import '../../lib/combobox.css'
import '../../lib/react-aria-csp.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'
import { ITEM_LABEL_LOCALES, newItem } from './navigation-model.ts'
import {
  dropItem,
  findItem,
  flatten,
  indentItem,
  type Moves,
  moveItem,
  movesOf,
  type NavNode,
  outdentItem,
  pathOf,
  placeOf,
  projectDrop,
  removeItem,
  updateItem,
} from './navigation-tree.ts'

/**
 * How far (px) an item is dragged to the side for one level: the step it is indented by, which
 * navigations.css makes smaller on narrow screens (`--navtree-indent`).
 */
function indentOf(list: HTMLElement | null): number {
  const step = list
    ? Number.parseFloat(getComputedStyle(list).getPropertyValue('--navtree-indent'))
    : Number.NaN
  return step > 0 ? step : 40
}
/** The short names of the languages an item's label is written in (bo-navigations `language`). */
const LANGUAGE_KEY: Record<(typeof ITEM_LABEL_LOCALES)[number], string> = { 'fr-FR': 'fr', 'en-GB': 'en' }
const TYPES: NavigationItemType[] = ['home', 'site', 'branch', 'link']

type Option = { id: string; name: string }
type Action = 'up' | 'down' | 'indent' | 'outdent' | 'label'

/** The sites and branches to choose from, named in the editor's language. */
function useTargets(): { sites: Option[]; branches: Option[] } {
  const { locale } = useLocale()
  const [sites] = useResourceList('sites')
  const [branches] = useResourceList('branches')
  return useMemo(() => {
    const content = locale === 'en' ? 'en-GB' : locale
    const siteName = (s: StoredResource) => {
      const tr = (s.translations ?? {}) as Record<string, { name?: string; path?: string } | null>
      const picked = tr[content] ?? tr['de-CH'] ?? Object.values(tr).find(Boolean)
      return picked?.name ? `${picked.name} (${picked.path ?? ''})` : s.id
    }
    const sort = (a: Option, b: Option) => a.name.localeCompare(b.name)
    return {
      sites: (sites.status === 'ready' ? sites.value : [])
        .map((s) => ({ id: s.id, name: siteName(s) }))
        .sort(sort),
      branches: (branches.status === 'ready' ? branches.value : [])
        .map((b) => ({ id: b.id, name: String(b.name ?? b.identifier ?? b.id) }))
        .sort(sort),
    }
  }, [sites, branches, locale])
}

export function NavigationTreeEditor() {
  const t = useT('bo-navigations')
  const { control, clearErrors } = useFormContext()
  const { field } = useController({ name: 'items', control })
  const tree = (field.value ?? []) as NavNode[]
  const targets = useTargets()
  const [announcement, setAnnouncement] = useState('')
  const [focus, setFocus] = useState<{ key: string; action: Action } | null>(null)
  const [dragging, setDragging] = useState<{ key: string; levels: number; over: string } | null>(null)
  const listRef = useRef<HTMLOListElement>(null)
  const headingId = useId()

  const nameOf = (node: NavNode | undefined) => (node ? node.label.trim() || t(`type.${node.type}`) : '')
  const nodeName = (key: string) => nameOf(findItem(tree, key))

  const set = (next: NavNode[]) => {
    // Errors name items by their place: after a move they would point at other items.
    clearErrors('items')
    field.onChange(next)
  }

  const placeText = (next: NavNode[], key: string) => {
    const place = placeOf(next, key)
    if (!place) return ''
    const where = t('live.place', { level: place.level, position: place.position, count: place.count })
    return place.parent ? `${where} ${t('live.under', { parent: nameOf(place.parent) })}` : where
  }

  const act = (key: string, action: Exclude<Action, 'label'>) => {
    const step =
      action === 'up'
        ? moveItem(tree, key, -1)
        : action === 'down'
          ? moveItem(tree, key, 1)
          : action === 'indent'
            ? indentItem(tree, key)
            : outdentItem(tree, key)
    const name = nodeName(key)
    if (!step) {
      setAnnouncement(t(`live.cannot.${action}`, { name, levels: MAX_NAVIGATION_DEPTH }))
      return
    }
    set(step)
    setAnnouncement(`${t(`live.${action}`, { name })} ${placeText(step, key)}`)
    setFocus({ key, action })
  }

  // After a move the item's row is put elsewhere in the page: the focus goes back to its button
  // (or, where that move is no longer possible, to the item's drag handle).
  useEffect(() => {
    if (!focus) return
    const row = listRef.current?.querySelector<HTMLElement>(`[data-key="${focus.key}"]`)
    const button = row?.querySelector<HTMLButtonElement>(`[data-action="${focus.action}"]`)
    const target = button && !button.disabled ? button : row?.querySelector<HTMLElement>('[data-handle]')
    target?.focus()
    setFocus(null)
  }, [focus])

  const add = (type: NavigationItemType) => {
    const item = newItem(type, type === 'home' ? t('type.home') : '')
    set([...tree, item])
    setAnnouncement(t('live.added', { type: t(`type.${type}`) }))
    setFocus({ key: item.key, action: 'label' })
  }

  const remove = (key: string) => {
    const name = nodeName(key)
    const flat = flatten(tree)
    const index = flat.findIndex((n) => n.key === key)
    set(removeItem(tree, key))
    setAnnouncement(t('live.removed', { name }))
    // The focus goes to the item before (or the add buttons when none is left).
    const before = flat.slice(0, index).reverse()[0]
    if (before) setFocus({ key: before.key, action: 'label' })
    else document.getElementById(`${headingId}-add`)?.querySelector('button')?.focus()
  }

  // Dragging: the dragged item's children travel with it (hidden from the list meanwhile).
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const allRows = flatten(tree)
  const rows = useMemo(() => {
    if (!dragging) return allRows
    const from = allRows.findIndex((n) => n.key === dragging.key)
    const depth = allRows[from]?.depth ?? 0
    let end = from + 1
    while (end < allRows.length && allRows[end]!.depth > depth) end++
    return [...allRows.slice(0, from + 1), ...allRows.slice(end)]
  }, [allRows, dragging])
  const projected = dragging ? projectDrop(tree, dragging.key, dragging.over, dragging.levels) : null

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.start', { name: nodeName(String(active.id)) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('dnd.over', { name: nodeName(String(active.id)), over: nodeName(String(over.id)) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('dnd.end', { name: nodeName(String(active.id)), over: nodeName(String(over.id)) }) : undefined,
    onDragCancel: ({ active }) => t('dnd.cancel', { name: nodeName(String(active.id)) }),
  }
  const onDragStart = ({ active }: DragStartEvent) =>
    setDragging({ key: String(active.id), levels: 0, over: String(active.id) })
  const onDragMove = ({ active, over, delta }: DragMoveEvent) =>
    setDragging({
      key: String(active.id),
      levels: Math.round(delta.x / indentOf(listRef.current)),
      over: String(over?.id ?? active.id),
    })
  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    setDragging(null)
    if (!over) return
    const key = String(active.id)
    const next = dropItem(tree, key, String(over.id), Math.round(delta.x / indentOf(listRef.current)))
    if (!next) {
      setAnnouncement(t('live.cannot.drop', { name: nodeName(key), levels: MAX_NAVIGATION_DEPTH }))
      return
    }
    set(next)
    setAnnouncement(`${t('live.dropped', { name: nodeName(key) })} ${placeText(next, key)}`)
  }

  return (
    <section className="bo-fieldset bo-navtree" aria-labelledby={headingId}>
      <h2 id={headingId} className="bo-navtree__title">
        {t('items.title')}
      </h2>
      <p className="bo-hint">{t('items.hint', { levels: MAX_NAVIGATION_DEPTH })}</p>
      <p className="bo-hint">{t('items.labelsHint')}</p>
      {tree.length === 0 ? <p className="bo-hint">{t('items.empty')}</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={onDragStart}
        onDragMove={onDragMove}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
      >
        <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy}>
          <ol className="bo-navtree__list" ref={listRef}>
            {rows.map((row) => (
              <TreeRow
                key={row.key}
                node={findItem(tree, row.key) ?? { ...row, children: [] }}
                depth={dragging?.key === row.key && projected ? projected.depth : row.depth}
                path={pathOf(tree, row.key) ?? ''}
                moves={movesOf(tree, row.key)}
                name={nameOf(findItem(tree, row.key))}
                childCount={findItem(tree, row.key)?.children.length ?? 0}
                hideChildren={dragging?.key === row.key}
                targets={targets}
                onAct={(action) => act(row.key, action)}
                onChange={(patch) => field.onChange(updateItem(tree, row.key, patch))}
                onRemove={() => remove(row.key)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <fieldset className="bo-navtree__add" id={`${headingId}-add`}>
        <legend className="ui-visually-hidden">{t('add.group')}</legend>
        {TYPES.map((type) => (
          <Button key={type} small variant="secondary" onClick={() => add(type)}>
            {t(`add.${type}`)}
          </Button>
        ))}
      </fieldset>
      <div role="status" aria-live="polite" className="ui-visually-hidden bo-navtree__live">
        {announcement}
      </div>
    </section>
  )
}

type RowProps = {
  node: NavNode
  depth: number
  path: string
  moves: Moves
  name: string
  childCount: number
  hideChildren: boolean
  targets: { sites: Option[]; branches: Option[] }
  onAct: (action: Exclude<Action, 'label'>) => void
  onChange: (patch: Partial<NavNode>) => void
  onRemove: () => void
}

function TreeRow({
  node,
  depth,
  path,
  moves,
  name,
  childCount,
  hideChildren,
  targets,
  onAct,
  onChange,
  onRemove,
}: RowProps) {
  const t = useT('bo-navigations')
  const { formState } = useFormContext()
  const errorAt = (field: string) => {
    const error = get(formState.errors, `${path}.${field}`) as { message?: unknown } | undefined
    return error?.message ? String(error.message) : undefined
  }
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: node.key })
  const labelId = useId()
  const enabledId = useId()
  const labelError = errorAt('label')
  const moveButtons: { action: Exclude<Action, 'label'>; icon: string }[] = [
    { action: 'up', icon: '↑' },
    { action: 'down', icon: '↓' },
    { action: 'outdent', icon: '←' },
    { action: 'indent', icon: '→' },
  ]
  const labelFraming = {
    label: t('item.labelIn', { language: t('language.de') }),
    error: labelError,
    required: true,
  }
  return (
    <li
      ref={setNodeRef}
      data-key={node.key}
      className={`bo-navtree__item${isDragging ? ' is-dragging' : ''}${node.isEnabled ? '' : ' is-disabled'}`}
      style={
        {
          transform: CSS.Translate.toString(transform),
          transition,
          // navigations.css indents by `--navtree-depth` steps of `--navtree-indent`.
          '--navtree-depth': depth,
        } as CSSProperties
      }
      aria-label={t('item.aria', { name, type: t(`type.${node.type}`), level: depth + 1 })}
    >
      <div className="bo-navtree__head">
        <button
          type="button"
          className="bo-navtree__handle"
          ref={setActivatorNodeRef}
          data-handle
          {...attributes}
          {...listeners}
          aria-label={t('item.drag', { name })}
          title={t('item.drag', { name })}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <span className="bo-navtree__type">{t(`type.${node.type}`)}</span>
        <span className="bo-navtree__level">{t('item.level', { level: depth + 1 })}</span>
        {hideChildren && childCount > 0 ? (
          <span className="bo-hint">{t('item.withChildren', { count: childCount })}</span>
        ) : null}
        <span className="bo-navtree__moves">
          {moveButtons.map(({ action, icon }) => (
            <button
              key={action}
              type="button"
              className="bo-navtree__move"
              data-action={action}
              disabled={!moves[action as keyof Moves]}
              onClick={() => onAct(action)}
              aria-label={t(`item.${action}`, { name })}
              title={t(`item.${action}`, { name })}
            >
              <span aria-hidden="true">{icon}</span>
            </button>
          ))}
          <Button
            small
            variant="ghost"
            icon="trash"
            aria-label={t('item.remove', { name })}
            title={t('item.remove', { name })}
            onClick={onRemove}
          >
            {t('item.removeShort')}
          </Button>
        </span>
      </div>
      <div className="bo-navtree__fields">
        {framed(
          labelId,
          labelFraming,
          <input
            className="ui-input"
            data-action="label"
            {...fieldControlProps(labelId, labelFraming)}
            value={node.label}
            onChange={(e) => onChange({ label: e.target.value })}
          />,
        )}
        <TargetInput node={node} error={errorAt('target')} targets={targets} onChange={onChange} />
        {ITEM_LABEL_LOCALES.map((locale) => (
          <TranslatedLabel
            key={locale}
            locale={locale}
            value={node.labels?.[locale] ?? ''}
            error={errorAt(`labels.${locale}`)}
            onChange={(label) => onChange({ labels: { ...node.labels, [locale]: label } })}
          />
        ))}
        <div className="bo-check bo-navtree__enabled">
          <label htmlFor={enabledId}>
            <input
              id={enabledId}
              type="checkbox"
              checked={node.isEnabled}
              onChange={(e) => onChange({ isEnabled: e.target.checked })}
            />{' '}
            {t('item.enabled')}
          </label>
        </div>
      </div>
    </li>
  )
}

/** An item's label in another language (empty: the storefront's fallback, items.labelsHint). */
function TranslatedLabel({
  locale,
  value,
  error,
  onChange,
}: {
  locale: (typeof ITEM_LABEL_LOCALES)[number]
  value: string
  error: string | undefined
  onChange: (label: string) => void
}) {
  const t = useT('bo-navigations')
  const id = useId()
  const framing = { label: t('item.labelIn', { language: t(`language.${LANGUAGE_KEY[locale]}`) }), error }
  return framed(
    id,
    framing,
    <input
      className="ui-input"
      lang={locale}
      data-label-locale={locale}
      {...fieldControlProps(id, framing)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />,
  )
}

function TargetInput({
  node,
  error,
  targets,
  onChange,
}: {
  node: NavNode
  error: string | undefined
  targets: { sites: Option[]; branches: Option[] }
  onChange: (patch: Partial<NavNode>) => void
}) {
  const t = useT('bo-navigations')
  const id = useId()
  if (node.type === 'home') return <p className="bo-hint bo-navtree__target">{t('item.homeTarget')}</p>
  if (node.type === 'link') {
    const framing = { label: t('item.link'), hint: t('item.linkHint'), error, required: true }
    return framed(
      id,
      { ...framing, className: 'bo-navtree__target' },
      <input
        className="ui-input"
        type="text"
        inputMode="url"
        placeholder="https://"
        {...fieldControlProps(id, framing)}
        value={node.target}
        onChange={(e) => onChange({ target: e.target.value })}
      />,
    )
  }
  const options = node.type === 'site' ? targets.sites : targets.branches
  const missing = node.target !== '' && !options.some((o) => o.id === node.target)
  return (
    <TargetCombo
      label={t(`item.${node.type}`)}
      options={options}
      value={node.target}
      error={error ?? (missing && options.length > 0 ? t(`item.missing.${node.type}`) : undefined)}
      onPick={(option) =>
        onChange({
          target: option?.id ?? '',
          ...(option && !node.label.trim() ? { label: shortName(option.name) } : {}),
        })
      }
    />
  )
}

/** A site's option is "Name (/path)": its label starts as the name alone. */
const shortName = (name: string) => name.replace(/\s*\([^)]*\)$/, '')

function TargetCombo({
  label,
  options,
  value,
  error,
  onPick,
}: {
  label: string
  options: Option[]
  value: string
  error: string | undefined
  onPick: (option: Option | null) => void
}): ReactNode {
  const t = useT('bo-navigations')
  return (
    <ComboBox
      className="ui-field bo-navtree__target"
      // defaultItems: the ComboBox filters them by what is typed (controlled `items` it would not).
      defaultItems={options}
      selectedKey={value || null}
      onSelectionChange={(key) => onPick(options.find((o) => o.id === key) ?? null)}
      isInvalid={Boolean(error)}
      isRequired
      menuTrigger="focus"
    >
      <Label className="ui-field__label">
        {label}
        <span aria-hidden="true"> *</span>
      </Label>
      <div className="bo-navtree__combo">
        <Input className="ui-input" placeholder={t('item.search')} />
        <AriaButton className="bo-navtree__combo-button" aria-label={t('item.open', { field: label })}>
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </div>
      {error ? (
        <Text slot="errorMessage" className="ui-field__error">
          {error}
        </Text>
      ) : null}
      <Popover className="bo-combo__popover">
        <ListBox className="bo-combo__list" renderEmptyState={() => t('item.none')}>
          {(option: Option) => (
            <ListBoxItem id={option.id} textValue={option.name} className="bo-combo__option">
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}
