/**
 * The editors' form kit (issue 17): react-hook-form checked by the same zod contracts the server
 * checks with (`@shop/shared/contracts`, `parseWithErrors`), so a field shows the same German
 * (French, English) message in the browser as the server would answer; and the server's own
 * refusals (`{ errors: [{ field, message }] }`) land at the fields they name. Field names are the
 * API's dotted paths (`alternativeUnits.0.ratio`), which react-hook-form uses as well.
 */
import { parseWithErrors } from '@shop/shared/contracts'
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
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

/**
 * The text, number and choice fields of a form, told when its values change (a reset after a
 * save, a value set by another field or the map): one subscription to the form's values for all
 * of them, instead of react-hook-form's `useController` in every number field (a value and a
 * state subscription, three effects and a render per change) and its `register` ref in every
 * text field and select. See `useBoundInput`.
 */
type BoundFields = Set<(values: FieldValues) => void>
const BoundFieldsContext = createContext<BoundFields | null>(null)

function BoundFieldsProvider({
  control,
  children,
}: {
  control: UseFormReturn<FieldValues>['control']
  children: ReactNode
}) {
  const [fields] = useState<BoundFields>(() => new Set())
  useEffect(
    () =>
      control._subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          for (const sync of fields) sync(values)
        },
      }),
    [control, fields],
  )
  return <BoundFieldsContext.Provider value={fields}>{children}</BoundFieldsContext.Provider>
}

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
          <BoundFieldsProvider control={form.control as unknown as UseFormReturn<FieldValues>['control']}>
            {children}
          </BoundFieldsProvider>
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

type Framing = {
  label: ReactNode
  hint?: ReactNode | undefined
  error?: string | undefined
  required?: boolean | undefined
  className?: string | undefined
}

/** The attributes that tie a control to its label, hint and error (`id` from `useId`). */
export function fieldControlProps(id: string, { hint, error, required }: Omit<Framing, 'label'>) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return {
    id,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
  } as const
}

/**
 * A labelled control, as @shop/ui's `Field` renders it (the same elements, classes and ids) but
 * without a component of its own and a cloned control per field: an editor has a hundred fields
 * and this is most of them. The control carries `fieldControlProps(id, …)`.
 */
export function framed(id: string, { label, hint, error, required, className }: Framing, control: ReactNode) {
  return (
    <div className={className ? `ui-field ${className}` : 'ui-field'}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {control}
      {hint ? (
        <span className="ui-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="ui-field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  )
}

/** The form itself, for the fields here (no copy of it with the errors, as `useFormContext`). */
function useEditorForm(): UseFormReturn<FieldValues> {
  const form = useContext(EditorFormContext)
  if (form === null) throw new Error('a form field outside an EditorFormProvider')
  return form
}

type FieldRecord = { _f?: { ref: unknown; _c?: boolean; mount?: boolean } } | undefined

/**
 * An input bound to the form's value at `name` without React controlling it and without
 * react-hook-form's `register` ref (which registers the field again, reads and writes the element
 * and checks the form's validity per field when it mounts): the input starts with the stored
 * value as text (`show`), each change is handed to the form as `read(text)` through the form's
 * own change handler (dirty state, re-validation, watchers), and a value set from outside (a
 * reset, another field, the map) is written into the input (while the user is in it, only if
 * `whileTyping`; a value `keepOnBlur` keeps the text as typed, a number that is none). The
 * field is registered as `useController` registers one, with the input as the focus target for
 * its errors, and unregistered or marked unmounted the same way. `onChanged` hears the user's
 * changes (react-hook-form's `register(name, { onChange })`).
 */
export function useBoundInput<E extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
  name: string,
  show: (value: unknown) => string,
  read: (text: string) => unknown,
  { whileTyping, keepOnBlur }: { whileTyping: boolean; keepOnBlur?: (value: unknown) => boolean },
  onChanged?: (value: unknown) => void,
) {
  const form = useEditorForm()
  const fields = useContext(BoundFieldsContext)
  const input = useRef<E | null>(null)
  // The value last shown or typed, whether the user is in the field, and how it shows values.
  const seen = useRef<{ value: unknown; focused: boolean; show: typeof show } | null>(null)
  if (seen.current === null)
    seen.current = { value: get(form.control._formValues, name), focused: false, show }
  const state = seen.current
  state.show = show
  const [initial] = useState(() => show(state.value))

  useLayoutEffect(() => {
    const control = form.control
    const proxy = {
      focus: () => input.current?.focus(),
      select: () => {
        const el = input.current
        if (el && 'select' in el) el.select()
      },
      setCustomValidity: (message: string) => input.current?.setCustomValidity(message),
      reportValidity: () => input.current?.reportValidity(),
    }
    // False once this binding is cleaned up (the name changed, the field went): a bind queued by
    // `sync` before then must not register the old name again.
    let active = true
    const bind = () => {
      if (!active) return
      const field = get(control._fields, name) as FieldRecord
      if (field?._f?.ref !== proxy || !control._names.mount.has(name)) {
        const absent = get(control._formValues, name) === undefined
        control.register(name)
        // Registering a name that has no value writes one (undefined) into the form's values. A
        // field mounted for a moment at a place whose item is of another kind (a list item moved:
        // the list's order and its values are two updates React may render apart) would so give
        // that item a key its contract refuses ("Dieses Feld wurde nicht erwartet."), at a field
        // nobody shows, and the form would not save. A field without a value stays without one.
        if (absent) dropUndefined(control._formValues, name)
      }
      const registered = get(control._fields, name) as FieldRecord
      if (registered?._f) {
        registered._f.ref = proxy
        registered._f._c = true
        registered._f.mount = true
      }
    }
    const update = (value: unknown) => {
      const el = input.current
      if (!el || (state.focused && !whileTyping) || Object.is(value, state.value)) return
      state.value = value
      if (!keepOnBlur?.(value)) {
        const text = state.show(value)
        if (el.value !== text) el.value = text
      }
    }
    const sync = (values: FieldValues) => {
      update(get(values, name))
      // A reset forgets the form's fields: this one is bound again once the reset is done.
      if ((get(control._fields, name) as FieldRecord)?._f?.ref !== proxy) queueMicrotask(bind)
    }
    bind()
    update(get(control._formValues, name))
    // A value no option has leaves a choice empty, as react-hook-form's `register` shows it.
    const el = input.current
    if (el instanceof HTMLSelectElement && !keepOnBlur?.(state.value)) {
      const text = state.show(state.value)
      if (el.value !== text) el.value = text
    }
    fields?.add(sync)
    return () => {
      active = false
      fields?.delete(sync)
      // As useController: a field of a field array stays registered while the array changes.
      const parent = name.substring(0, name.search(/\.\d+(\.|$)/)) || name
      const unregister =
        control._options.shouldUnregister && !(control._names.array.has(parent) && control._state.action)
      if (unregister) control.unregister(name)
      else {
        const field = get(control._fields, name) as FieldRecord
        if (field?._f) {
          field._f.mount = false
          field._f._c = false
        }
      }
    }
  }, [form, fields, name, state, whileTyping, keepOnBlur])

  return {
    name,
    ref: input,
    defaultValue: initial,
    onFocus: () => {
      state.focused = true
    },
    onChange: (e: { target: { value: string } }) => {
      const value = read(e.target.value)
      state.value = value
      void form.control.register(name).onChange({ target: { value, name }, type: 'change' })
      onChanged?.(value)
    },
    onBlur: (e: { currentTarget: { value: string } }) => {
      state.focused = false
      const value = get(form.control._formValues, name)
      state.value = value
      if (!keepOnBlur?.(value)) {
        const text = state.show(value)
        if (e.currentTarget.value !== text) e.currentTarget.value = text
      }
      void form.control.register(name).onBlur({ target: { value, name }, type: 'blur' })
    },
  }
}

/** Removes the key at a dotted path when its value is undefined (nothing else). */
function dropUndefined(values: FieldValues, path: string): void {
  const at = path.lastIndexOf('.')
  const parent = at < 0 ? values : (get(values, path.slice(0, at)) as unknown)
  const key = path.slice(at + 1)
  if (parent !== null && typeof parent === 'object' && !Array.isArray(parent)) {
    const record = parent as Record<string, unknown>
    if (key in record && record[key] === undefined) delete record[key]
  }
}

export const showText = (value: unknown) => (value === null || value === undefined ? '' : String(value))
export const readText = (text: string) => text

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
  const bound = useBoundInput<HTMLInputElement & HTMLTextAreaElement>(name, showText, readText, TEXT)
  const error = useFieldError(name)
  const id = useId()
  const framing = { label, hint, error, required, className }
  const aria = fieldControlProps(id, framing)
  return framed(
    id,
    framing,
    rows ? (
      <textarea className="ui-input" rows={rows} placeholder={placeholder} {...aria} {...bound} />
    ) : (
      <input
        className="ui-input"
        type={type}
        autoComplete={autoComplete ?? 'off'}
        placeholder={placeholder}
        {...aria}
        {...bound}
      />
    ),
  )
}

// A text set from outside shows at once; a number's text stays as typed until the field is left.
const TEXT = { whileTyping: true }
const isNaNValue = (value: unknown) => typeof value === 'number' && Number.isNaN(value)
const NUMBER = { whileTyping: false, keepOnBlur: isNaNValue }

/**
 * A number field: the value is a number, or null when empty. What cannot be read as a number is
 * kept as typed and refused by the contract (NaN), never silently changed. `scale` shows a stored
 * integer divided by it: money in cents with `scale={100}` reads "12.50". What the user types
 * stays as typed until the field is left; then it shows the value as read.
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
  const bound = useBoundInput<HTMLInputElement>(
    name,
    (value) =>
      typeof value !== 'number' || Number.isNaN(value)
        ? ''
        : decimals !== undefined
          ? (value / scale).toFixed(decimals)
          : String(value / scale),
    (text) => {
      const n = parseDecimal(text)
      return text.trim() === '' ? null : Number.isNaN(n) ? Number.NaN : Math.round(n * scale * 1e6) / 1e6
    },
    NUMBER,
  )
  const error = useFieldError(name)
  const id = useId()
  const framing = { label, hint, error, required, className }
  const control = (
    <input
      className="ui-input bo-number"
      inputMode="decimal"
      {...fieldControlProps(id, framing)}
      {...bound}
    />
  )
  return framed(
    id,
    framing,
    suffix ? (
      <span className="bo-affix">
        {control}
        <span className="bo-affix__suffix" aria-hidden="true">
          {suffix}
        </span>
      </span>
    ) : (
      control
    ),
  )
}

/** A yes/no switch (a checkbox). */
export function CheckboxInput({ name, label, hint, className }: Omit<Common, 'required'>) {
  const { register } = useEditorForm()
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
  const bound = useBoundInput<HTMLSelectElement>(
    name,
    showText,
    empty !== undefined ? readChoice : readText,
    CHOICE,
  )
  // Options that come after the field (a list loaded by the editor): the stored value is chosen
  // once its option is there (a select shows nothing for a value it has no option for, and does
  // not choose it by itself when the option is added later).
  const form = useEditorForm()
  const optionValues = options.map((o) => o.value).join('\n')
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown again when the options change
  useLayoutEffect(() => {
    const el = bound.ref.current
    if (!el || el.ownerDocument.activeElement === el) return
    const text = showText(get(form.control._formValues, name))
    if (el.value !== text) el.value = text
  }, [form, name, optionValues])
  const error = useFieldError(name)
  const id = useId()
  const framing = { label, hint, error, required, className }
  return framed(
    id,
    framing,
    <select className="ui-select" {...fieldControlProps(id, framing)} {...bound}>
      {empty !== undefined ? <option value="">{empty}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>,
  )
}

/** A choice set from outside shows at once; the empty choice of a select with `empty` is null. */
export const CHOICE = { whileTyping: true }
const readChoice = (text: string) => (text === '' ? null : text)

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
