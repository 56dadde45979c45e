import { Button } from '@shop/ui'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import './filters.css'

// The filter controls of the back-office's server-side lists (orders, the change log): each a
// labelled field whose value lives in the URL query. The search box keeps its own text while the
// user types and reports it after a pause (or at once on Enter), so the URL and the call follow
// the typing without a request per keystroke.

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 350

/** A search box: its text reported `SEARCH_DEBOUNCE_MS` after the last keystroke, or on Enter. */
export function SearchFilter({
  id,
  label,
  hint,
  value,
  onSearch,
}: {
  id: string
  label: string
  hint: string
  /** The search in the URL now (a reset or a back navigation replaces the text). */
  value: string
  onSearch: (q: string) => void
}) {
  const [q, setQ] = useState(value)
  const latest = useRef(value)
  useEffect(() => {
    if (value !== latest.current) {
      latest.current = value
      setQ(value)
    }
  }, [value])
  useEffect(() => {
    if (q === latest.current) return
    const timer = setTimeout(() => {
      latest.current = q
      onSearch(q)
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [q, onSearch])
  return (
    <div className="ui-field bo-filters__search">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="ui-input"
        type="search"
        value={q}
        maxLength={200}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            latest.current = q
            onSearch(q)
          }
        }}
      />
      <span className="ui-field__hint" id={`${id}-hint`}>
        {hint}
      </span>
    </div>
  )
}

/** A labelled choice; with `all`, an "all" entry first (the empty value: no filter). */
export function SelectFilter({
  id,
  label,
  value,
  all,
  options,
  onChange,
  disabled,
}: {
  id: string
  label: string
  value: string
  /** The text of the empty value ("Alle Filialen"); without it a value must be chosen. */
  all?: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
  disabled?: boolean
}) {
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ui-select"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {all === undefined ? null : <option value="">{all}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** From and to dates (YYYY-MM-DD, either empty), each bounded by the other. */
export function DateRangeFilter({
  id,
  fromLabel,
  toLabel,
  from,
  to,
  onChange,
}: {
  id: string
  fromLabel: string
  toLabel: string
  from: string
  to: string
  onChange: (next: { from: string } | { to: string }) => void
}) {
  return (
    <>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-from`}>
          {fromLabel}
        </label>
        <input
          id={`${id}-from`}
          className="ui-input"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-to`}>
          {toLabel}
        </label>
        <input
          id={`${id}-to`}
          className="ui-input"
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </div>
    </>
  )
}

/** The bar that holds a list's filters (a `search` landmark with its name). */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <search className="bo-filters" aria-label={label}>
      {children}
    </search>
  )
}

/** "Filter zurücksetzen", shown while any filter is set. */
export function FilterReset({ label, onReset }: { label: string; onReset: () => void }) {
  return (
    <div className="bo-filters__reset">
      <Button variant="ghost" small onClick={onReset}>
        {label}
      </Button>
    </div>
  )
}
