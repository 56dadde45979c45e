import { Button, Dialog } from '@shop/ui'
import { type ReactNode, useId } from 'react'

/**
 * A dialog whose body is one form: the footer holds "cancel" and the submit button (which submits
 * the form from outside it, by `form=`), after anything `extra` (a delete). Enter in a field
 * submits; the submit stops at the form (an editor's dialog sits inside the editor's own form).
 * Used by the order dialogs, the rich-text editor's dialogs and the time-tracking dialogs.
 */
export function FormDialog({
  title,
  closeLabel,
  cancelLabel,
  submitLabel,
  onClose,
  onSubmit,
  busy = false,
  danger = false,
  nativeValidation = false,
  extra,
  className,
  formClassName,
  children,
}: {
  title: ReactNode
  closeLabel: string
  cancelLabel: string
  submitLabel: string
  onClose: () => void
  onSubmit: () => void
  /** A save is running: the submit button is off. */
  busy?: boolean
  /** The submit is destructive (reject, cancel an order). */
  danger?: boolean
  /** Let the browser check the fields' own constraints first (off: the dialog checks them). */
  nativeValidation?: boolean
  extra?: ReactNode
  className?: string
  formClassName?: string
  children: ReactNode
}) {
  const formId = useId()
  return (
    <Dialog
      open
      title={title}
      closeLabel={closeLabel}
      onClose={onClose}
      {...(className ? { className } : {})}
      footer={
        <>
          {extra}
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} type="submit" form={formId} disabled={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={formClassName}
        noValidate={!nativeValidation}
        onSubmit={(e) => {
          e.preventDefault()
          e.stopPropagation()
          onSubmit()
        }}
      >
        {children}
      </form>
    </Dialog>
  )
}
