import type { ReactNode } from 'react'
import { Icon, type IconName } from './icons.tsx'

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger'

const ICONS: Record<NoticeTone, IconName> = {
  info: 'info',
  success: 'check',
  warning: 'warning',
  danger: 'error',
}

/**
 * A message block with an icon and text (never colour alone). `live` makes it a live region:
 * 'assertive' for errors that block the user, 'polite' for the rest.
 */
export function Notice({
  tone = 'info',
  live,
  children,
  className,
  id,
}: {
  tone?: NoticeTone
  live?: 'polite' | 'assertive'
  children: ReactNode
  className?: string
  id?: string
}) {
  return (
    <div
      id={id}
      className={['ui-notice', tone === 'info' ? '' : `ui-notice--${tone}`, className]
        .filter(Boolean)
        .join(' ')}
      role={live === 'assertive' ? 'alert' : live === 'polite' ? 'status' : undefined}
    >
      <Icon name={ICONS[tone]} />
      <div>{children}</div>
    </div>
  )
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="ui-loading" role="status">
      <div className="ui-spinner" aria-hidden="true" />
      <span className="ui-visually-hidden">{label}</span>
    </div>
  )
}
