import type { ReactNode } from 'react'

/** A card of the order detail with its heading. */
export function Section({
  title,
  children,
  testId,
}: {
  title: string
  children: ReactNode
  testId?: string
}) {
  return (
    <section className="ui-card bo-order__section" aria-label={title} data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </section>
  )
}

/** A label and its value in a definition list; nothing when there is no value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** Lines of an address, one below the other. */
export function Lines({ lines }: { lines: string[] }) {
  return (
    <span className="bo-lines">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: address lines have no identity
        <span key={i}>{line}</span>
      ))}
    </span>
  )
}
