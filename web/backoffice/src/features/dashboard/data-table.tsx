import type { ReactNode } from 'react'
import { useT } from '../../lib/i18n.tsx'

/** A data table in a scrollable region that the keyboard can reach. */
export function DataTable({
  title,
  head,
  rows,
  numeric,
}: {
  title: string
  head: string[]
  rows: ReactNode[][]
  /** Which columns hold numbers (right-aligned). */
  numeric: number[]
}) {
  const t = useT('bo-dashboard')
  return (
    <section
      className="bo-dash__table-wrap"
      aria-label={t('charts.tableRegion', { title })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
    >
      <table className="bo-dash__table">
        <caption className="ui-visually-hidden">{title}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={numeric.includes(i) ? 'bo-num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a table redrawn as a whole
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <td key={i} className={numeric.includes(i) ? 'bo-num' : undefined}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
