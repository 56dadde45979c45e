import { isLocalDate } from '@shop/shared/domain/scheduling/zoned-time.ts'
import { Field } from '@shop/ui'
import { useState } from 'react'

/** A date field that changes the URL only with a whole date (not while one is being typed). */
export function DateInput({
  label,
  value,
  onCommit,
}: {
  label: string
  value: string
  onCommit(v: string): void
}) {
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    setText(value)
  }
  return (
    <Field label={label}>
      <input
        className="ui-input"
        type="date"
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          if (isLocalDate(e.target.value)) onCommit(e.target.value)
        }}
      />
    </Field>
  )
}
