import { type ReactNode, useEffect, useId, useRef } from 'react'
import { IconButton } from './button.tsx'

/**
 * A modal dialog on the native <dialog> element: focus is trapped and restored by the
 * browser, Escape closes it (onClose), the backdrop click closes it too. Rendered only while
 * open, so a closed dialog costs nothing.
 */
export function Dialog({
  open,
  title,
  onClose,
  closeLabel,
  children,
  footer,
  className,
}: {
  open: boolean
  title: ReactNode
  onClose: () => void
  closeLabel: string
  children: ReactNode
  footer?: ReactNode
  className?: string
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  if (!open) return null
  return (
    <dialog
      ref={ref}
      className={['ui-dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onClose()
      }}
      onKeyDown={undefined}
    >
      <div className="ui-dialog__header">
        <h2 id={titleId}>{title}</h2>
        <IconButton icon="close" label={closeLabel} onClick={onClose} />
      </div>
      <div className="ui-dialog__body">{children}</div>
      {footer ? <div className="ui-dialog__footer">{footer}</div> : null}
    </dialog>
  )
}
