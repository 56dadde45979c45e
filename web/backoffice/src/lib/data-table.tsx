/**
 * The back-office's lists (issue 17): a real <table> made by @tanstack/react-table (sorting by a
 * column header, a filter over the rows, row selection for bulk actions) whose body is virtual
 * (@tanstack/react-virtual): only the rows in view are in the DOM, so a list of 2,000 products
 * filters and scrolls at the cost of the few dozen rows on screen. The filter itself is the
 * caller's (a memoised predicate over plain data), so a keystroke costs one pass over the rows.
 */
import './editors.css'
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type OnChangeFn,
  type RowSelectionState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef, useState } from 'react'
import { useT } from './i18n.tsx'

export type { ColumnDef, RowSelectionState }

export function DataTable<T>({
  rows,
  columns,
  rowId,
  caption,
  empty,
  selection,
  onSelectionChange,
  initialSorting = [],
  rowHeight = 44,
  height = 'calc(100vh - 16rem)',
}: {
  rows: T[]
  columns: ColumnDef<T, unknown>[]
  rowId: (row: T) => string
  /** Names the table for screen readers. */
  caption: string
  /** Shown when no row matches. */
  empty: string
  /** Row selection (checkbox column) when given. */
  selection?: RowSelectionState
  onSelectionChange?: OnChangeFn<RowSelectionState>
  initialSorting?: SortingState
  rowHeight?: number
  height?: string
}) {
  const t = useT('bo-common')
  const [sorting, setSorting] = useState<SortingState>(initialSorting)
  const selectable = selection !== undefined && onSelectionChange !== undefined
  const allColumns: ColumnDef<T, unknown>[] = selectable
    ? [
        {
          id: 'select',
          enableSorting: false,
          header: ({ table }) => (
            <input
              type="checkbox"
              aria-label={t('selectAll')}
              checked={table.getIsAllRowsSelected()}
              ref={(el) => {
                if (el) el.indeterminate = table.getIsSomeRowsSelected()
              }}
              onChange={table.getToggleAllRowsSelectedHandler()}
            />
          ),
          cell: ({ row }) => (
            <input
              type="checkbox"
              aria-label={t('selectRow')}
              checked={row.getIsSelected()}
              onChange={row.getToggleSelectedHandler()}
            />
          ),
        },
        ...columns,
      ]
    : columns
  const table = useReactTable({
    data: rows,
    columns: allColumns,
    getRowId: (row) => rowId(row),
    state: { sorting, ...(selectable ? { rowSelection: selection } : {}) },
    onSortingChange: setSorting,
    ...(selectable ? { onRowSelectionChange: onSelectionChange, enableRowSelection: true } : {}),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  })
  const scroller = useRef<HTMLDivElement>(null)
  const tableRows = table.getRowModel().rows
  const virtual = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  })
  const items = virtual.getVirtualItems()
  const before = items[0]?.start ?? 0
  const after = items.length > 0 ? virtual.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0
  const width = allColumns.length
  return (
    <div className="bo-table-scroll" ref={scroller} style={{ maxHeight: height }}>
      <table className="bo-table" aria-rowcount={tableRows.length + 1}>
        <caption className="ui-visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="bo-sort"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true">
                          {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                        </span>
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {tableRows.length === 0 ? (
            <tr>
              <td colSpan={width} className="bo-table__empty">
                {empty}
              </td>
            </tr>
          ) : null}
          {before > 0 ? (
            <tr className="bo-table__spacer">
              <td colSpan={width} style={{ height: before, padding: 0, border: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = tableRows[item.index]
            if (!row) return null
            return (
              <tr
                key={row.id}
                aria-rowindex={item.index + 2}
                aria-selected={selectable ? row.getIsSelected() : undefined}
                style={{ height: rowHeight }}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            )
          })}
          {after > 0 ? (
            <tr className="bo-table__spacer">
              <td colSpan={width} style={{ height: after, padding: 0, border: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  )
}
