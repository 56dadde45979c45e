import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Icon, type IconName } from './icons.tsx'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

export function buttonClass(
  variant: ButtonVariant = 'primary',
  opts: { block?: boolean; small?: boolean } = {},
): string {
  return [
    'ui-button',
    variant === 'primary' ? '' : `ui-button--${variant}`,
    opts.block ? 'ui-button--block' : '',
    opts.small ? 'ui-button--small' : '',
  ]
    .filter(Boolean)
    .join(' ')
}

export function Button({
  variant = 'primary',
  block,
  small,
  icon,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  block?: boolean
  small?: boolean
  icon?: IconName
  children?: ReactNode
}) {
  return (
    <button
      type={type}
      className={[buttonClass(variant, { block, small }), className].filter(Boolean).join(' ')}
      {...rest}
    >
      {icon ? <Icon name={icon} /> : null}
      {children}
    </button>
  )
}

/** A round icon-only button; the label is required and read by screen readers. */
export function IconButton({
  icon,
  label,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { icon: IconName; label: string }) {
  return (
    <button
      type={type}
      className={['ui-icon-button', className].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      {...rest}
    >
      <Icon name={icon} />
    </button>
  )
}
