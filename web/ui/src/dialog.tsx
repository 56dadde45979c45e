import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
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
      <DialogBody labelledBy={titleId}>{children}</DialogBody>
      {footer ? <div className="ui-dialog__footer">{footer}</div> : null}
    </dialog>
  )
}

/**
 * The dialog's content. When it overflows (a long text: the shop's terms) it takes the focus
 * too, so the keyboard can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable): a region
 * named by the dialog's title. A body that fits is no extra tab stop.
 */
function DialogBody({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useLayoutEffect(() => {
    const body = ref.current
    if (!body) return
    const check = () => setScrolls(body.scrollHeight > body.clientHeight + 1)
    check()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(check)
    observer.observe(body)
    for (const child of Array.from(body.children)) observer.observe(child)
    return () => observer.disconnect()
  }, [])
  return (
    <div
      ref={ref}
      className="ui-dialog__body"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': labelledBy } : {})}
    >
      {children}
    </div>
  )
}
