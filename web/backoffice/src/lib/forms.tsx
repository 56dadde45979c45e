/**
 * The editors' form kit (issue 17): react-hook-form checked by the same zod contracts the server
 * checks with (`@shop/shared/contracts`, `parseWithErrors`), so a field shows the same German
 * (French, English) message in the browser as the server would answer; and the server's own
 * refusals (`{ errors: [{ field, message }] }`) land at the fields they name. Field names are the
 * API's dotted paths (`alternativeUnits.0.ratio`), which react-hook-form uses as well.
 */
import { parseWithErrors } from '@shop/shared/contracts'
import { Field } from '@shop/ui'
import { createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react'
import {
  type FieldErrors,
  type FieldValues,
  FormProvider,
  get,
  type Resolver,
  type UseFormReturn,
  useController,
  useFormState,
} from 'react-hook-form'
import type { z } from 'zod'
import { ApiError } from './api.ts'
import { activeLocale } from './i18n.tsx'
import { parseDecimal } from './numbers.ts'

// react-hook-form's own FormProvider hands its consumers a new context value whenever the form's
// state changes (it does once right after mounting, `isReady`), so every field that reads the
// form through it renders twice when an editor opens, and again on each state change. The
// editors' fields read the form from a context whose value never changes instead, and the
// errors from one context that changes only when the errors do (one subscription for the form,
// not one per field). Measured by `scripts/bench/editor-open.bench.ts`.
const EditorFormContext = createContext<UseFormReturn<FieldValues> | null>(null)
const ErrorsContext = createContext<FieldErrors>({})

/** The form's errors, handed on: its only subscriber to the form state's `errors`. */
function ErrorsProvider({
  control,
  children,
}: {
  control: UseFormReturn<FieldValues>['control']
  children: ReactNode
}) {
  const { errors } = useFormState({ control })
  return <ErrorsContext.Provider value={errors}>{children}</ErrorsContext.Provider>
}

/** Puts the form where the editor's fields find it (react-hook-form's provider included). */
export function EditorFormProvider<V extends FieldValues>({
  form,
  children,
}: {
  form: UseFormReturn<V>
  children: ReactNode
}) {
  return (
    <FormProvider {...form}>
      <EditorFormContext.Provider value={form as unknown as UseFormReturn<FieldValues>}>
        <ErrorsProvider control={form.control as unknown as UseFormReturn<FieldValues>['control']}>
          {children}
        </ErrorsProvider>
      </EditorFormContext.Provider>
    </FormProvider>
  )
}

/**
 * The editor's form (as react-hook-form's `useFormContext`). Its `formState` carries the errors
 * only (what the editors read of it; `getFieldState(name, formState).error` works with it): the
 * caller renders again when they change, not on the form's other state changes.
 */
export function useFormContext<V extends FieldValues = FieldValues>(): UseFormReturn<V> {
  const form = useContext(EditorFormContext) as UseFormReturn<V> | null
  const errors = useContext(ErrorsContext) as FieldErrors<V>
  if (form === null) throw new Error('useFormContext: not inside an EditorFormProvider')
  return { ...form, formState: { errors } as UseFormReturn<V>['formState'] }
}

/** Puts `value` at a dotted path of a nested object (arrays for numeric segments). */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.')
  let node: Record<string, unknown> = target
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      node[key] = value
      return
    }
    const next = node[key]
    if (next === null || typeof next !== 'object') node[key] = /^\d+$/.test(keys[i + 1] ?? '') ? [] : {}
    node = node[key] as Record<string, unknown>
  })
}

/**
 * A resolver that checks the form's body (`toBody(values)`, what would be sent) with a shared
 * contract and names every refused field with the server's message. Errors the form has no
 * field for are kept under `root.server` (shown by <FormErrors>).
 */
export function contractResolver<V extends FieldValues>(
  schema: z.ZodType,
  toBody: (values: V) => unknown = (values) => values,
): Resolver<V> {
  return async (values) => {
    const result = parseWithErrors(schema, toBody(values), activeLocale())
    if (result.success) return { values, errors: {} }
    const errors: Record<string, unknown> = {}
    for (const error of result.errors) {
      const field = error.field || 'root.server'
      if (get(errors, field)) continue
      setPath(errors, field, { type: 'contract', message: error.message })
    }
    return { values: {}, errors: errors as FieldErrors<V> }
  }
}

/**
 * Shows a refused save at its fields: every `{ field, message }` of the server whose field is in
 * the form is set on it (focusing the first); the rest, and any failure without field errors,
 * become the form's own error (`root.server`), with `fallback` (spec §8: "Produkt konnte nicht
 * aktualisiert werden.") when the server gave no message.
 */
export function showServerErrors<V extends FieldValues>(
  form: UseFormReturn<V>,
  error: unknown,
  fallback: string,
  isField: (name: string) => boolean = (name) => get(form.getValues(), name) !== undefined,
): void {
  const errors = error instanceof ApiError ? error.errors : []
  const unplaced: string[] = []
  let focused = false
  for (const e of errors) {
    if (e.field && isField(e.field)) {
      form.setError(e.field as never, { type: 'server', message: e.message }, { shouldFocus: !focused })
      focused = true
    } else unplaced.push(e.message)
  }
  if (errors.length === 0) unplaced.push(fallback)
  if (unplaced.length > 0) form.setError('root.server', { type: 'server', message: unplaced.join(' ') })
}

/** The form's own errors (not at a field): the server's, or the fallback of spec §8. */
export function FormErrors() {
  const { formState } = useFormContext()
  const message = formState.errors.root?.server?.message
  if (!message) return null
  return (
    <div className="ui-notice ui-notice--danger" role="alert">
      <p>{String(message)}</p>
    </div>
  )
}

type Common = { name: string; label: ReactNode; hint?: ReactNode; required?: boolean; className?: string }

function useFieldError(name: string): string | undefined {
  const error = get(useContext(ErrorsContext), name) as { message?: unknown } | undefined
  return error?.message ? String(error.message) : undefined
}

/** A text (or e-mail, URL, multi-line) field; an empty one is ''. */
export function TextInput({
  name,
  label,
  hint,
  required,
  className,
  type = 'text',
  rows,
  autoComplete,
  placeholder,
}: Common & {
  type?: 'text' | 'email' | 'url' | 'tel' | 'password'
  rows?: number
  autoComplete?: string
  placeholder?: string
}) {
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <Field label={label} hint={hint} error={error} required={required ?? false} className={className}>
      {rows ? (
        <textarea className="ui-input" rows={rows} placeholder={placeholder} {...register(name)} />
      ) : (
        <input
          className="ui-input"
          type={type}
          autoComplete={autoComplete ?? 'off'}
          placeholder={placeholder}
          {...register(name)}
        />
      )}
    </Field>
  )
}

/**
 * A number field: the value is a number, or null when empty. What cannot be read as a number is
 * kept as typed and refused by the contract (NaN), never silently changed. `scale` shows a stored
 * integer divided by it: money in cents with `scale={100}` reads "12.50".
 */
export function NumberInput({
  name,
  label,
  hint,
  required,
  className,
  scale = 1,
  decimals,
  suffix,
}: Common & { scale?: number; decimals?: number; suffix?: string }) {
  const { control } = useFormContext()
  const { field } = useController({ name, control })
  const error = useFieldError(name)
  const value = field.value as number | null | undefined
  const shown =
    value === null || value === undefined || Number.isNaN(value)
      ? ''
      : decimals !== undefined
        ? (value / scale).toFixed(decimals)
        : String(value / scale)
  return (
    <Field label={label} hint={hint} error={error} required={required ?? false} className={className}>
      <NumberText
        name={field.name}
        shown={shown}
        invalid={typeof value === 'number' && Number.isNaN(value)}
        suffix={suffix}
        inputRef={field.ref}
        onBlur={field.onBlur}
        onValue={(text) => {
          const n = parseDecimal(text)
          field.onChange(
            text.trim() === '' ? null : Number.isNaN(n) ? Number.NaN : Math.round(n * scale * 1e6) / 1e6,
          )
        }}
      />
    </Field>
  )
}

/** The text of a number field: what the user types stays as typed until the field is left. */
function NumberText({
  name,
  shown,
  invalid,
  suffix,
  inputRef,
  onBlur,
  onValue,
  ...aria
}: {
  name: string
  shown: string
  invalid: boolean
  suffix: string | undefined
  inputRef: (el: HTMLInputElement | null) => void
  onBlur: () => void
  onValue: (text: string) => void
}) {
  const [text, setText] = useState(shown)
  const focused = useRef(false)
  // A value set from outside (a reset, a bulk change) shows unless the user is typing.
  useEffect(() => {
    if (!focused.current && !invalid) setText(shown)
  }, [shown, invalid])
  const input = (
    <input
      {...aria}
      className="ui-input bo-number"
      name={name}
      inputMode="decimal"
      ref={inputRef}
      value={text}
      onFocus={() => {
        focused.current = true
      }}
      onChange={(e) => {
        setText(e.target.value)
        onValue(e.target.value)
      }}
      onBlur={() => {
        focused.current = false
        if (!invalid) setText(shown)
        onBlur()
      }}
    />
  )
  if (!suffix) return input
  return (
    <span className="bo-affix">
      {input}
      <span className="bo-affix__suffix" aria-hidden="true">
        {suffix}
      </span>
    </span>
  )
}

/** A yes/no switch (a checkbox). */
export function CheckboxInput({ name, label, hint, className }: Omit<Common, 'required'>) {
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <div className={['bo-check', className].filter(Boolean).join(' ')}>
      <label>
        <input type="checkbox" {...register(name)} aria-invalid={error ? true : undefined} /> {label}
      </label>
      {hint ? <span className="ui-field__hint">{hint}</span> : null}
      {error ? <span className="ui-field__error">{error}</span> : null}
    </div>
  )
}

/** A choice of a few values; `empty` adds a first option meaning "none" (stored as null). */
export function SelectInput({
  name,
  label,
  hint,
  required,
  className,
  options,
  empty,
}: Common & { options: readonly { value: string; label: string }[]; empty?: string }) {
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <Field label={label} hint={hint} error={error} required={required ?? false} className={className}>
      <select
        className="ui-select"
        {...register(name, { setValueAs: (v: string) => (empty !== undefined && v === '' ? null : v) })}
      >
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  )
}

/** A titled group of fields. */
export function FieldSet({
  legend,
  children,
  className,
}: {
  legend: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <fieldset className={['bo-fieldset', className].filter(Boolean).join(' ')}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  )
}

/**
 * Several choices as checkboxes (roles, branches): the value is the list of the checked values,
 * in the options' order; `locked` values cannot be changed here (an admin's own admin role).
 */
export function CheckboxGroup({
  name,
  legend,
  hint,
  options,
  locked = [],
}: {
  name: string
  legend: ReactNode
  hint?: ReactNode
  options: readonly { value: string; label: ReactNode; hint?: ReactNode }[]
  locked?: readonly string[]
}) {
  const { control } = useFormContext()
  const { field, fieldState } = useController({ name, control })
  const id = useId()
  const value = (field.value ?? []) as string[]
  const error =
    fieldState.error?.message ??
    (fieldState.error as { root?: { message?: string } } | undefined)?.root?.message
  return (
    <fieldset className="bo-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className="bo-wide ui-field__hint">{hint}</p> : null}
      {options.map((option) => (
        <div key={option.value} className="bo-check">
          <label>
            <input
              type="checkbox"
              name={name}
              value={option.value}
              checked={value.includes(option.value)}
              disabled={locked.includes(option.value)}
              onBlur={field.onBlur}
              onChange={(e) => {
                const next = e.target.checked
                  ? options.map((o) => o.value).filter((v) => v === option.value || value.includes(v))
                  : value.filter((v) => v !== option.value)
                field.onChange(next)
              }}
            />{' '}
            {option.label}
          </label>
          {option.hint ? <span className="ui-field__hint">{option.hint}</span> : null}
        </div>
      ))}
      {error ? (
        <span id={`${id}-error`} className="ui-field__error bo-wide">
          {String(error)}
        </span>
      ) : null}
    </fieldset>
  )
}
