/**
 * The frame every resource editor sits in (issue 17): loads the resource (or starts a new one),
 * keeps a react-hook-form form checked by the shared write contract, saves with the `version`
 * it loaded (a PUT takes back what GET answered: docs/api.md "Resources"), shows the server's
 * refusals at their fields, answers a stale save (409) with the conflict dialog (reload, or
 * apply one's changes again on the other person's state), deletes with a confirmation, and
 * holds the history panel beside the form. An editor is its fields plus two mappings: the
 * stored resource to the form's values and the form's values to the body it sends.
 */
import './editors.css'
import { Button, buttonClass, Dialog, Notice, Spinner } from '@shop/ui'
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react'
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import type { z } from 'zod'
import { apiGet, messageOf } from './api.ts'
import { type Conflict, conflictOf, shortValue } from './conflict.ts'
import { contractResolver, EditorFormProvider, FormErrors, showServerErrors } from './forms.tsx'
import { useT } from './i18n.tsx'
import {
  createResource,
  deleteResource,
  isStale,
  readResource,
  type StoredResource,
  updateResource,
  useLoad,
} from './resources.ts'

export type EditorTexts = {
  /** Spec §8's fallbacks: "Produkt konnte nicht geladen / erstellt / aktualisiert / gelöscht werden". */
  load: string
  create: string
  update: string
  delete: string
  /** The page's heading for a new one and for a stored one. */
  newTitle: string
  title: (item: StoredResource) => string
}

/**
 * The texts of an editor whose namespace has the usual keys: `error.load`, `error.create`,
 * `error.update`, `error.delete` and its new entry's heading (`newTitle` unless named).
 */
export function editorTexts(
  t: (key: string) => string,
  title: EditorTexts['title'],
  newTitleKey = 'newTitle',
): EditorTexts {
  return {
    load: t('error.load'),
    create: t('error.create'),
    update: t('error.update'),
    delete: t('error.delete'),
    newTitle: t(newTitleKey),
    title,
  }
}

export type EditorProps<V extends FieldValues> = {
  /** The API path (`products`). */
  resource: string
  /** The resource's id, or undefined for a new one. */
  id: string | undefined
  /** The write contract the server checks with (the create schema, without `version`). */
  schema: z.ZodType
  toForm: (item: StoredResource | null) => V
  toBody: (values: V, item: StoredResource | null) => Record<string, unknown>
  texts: EditorTexts
  /** Where the list is (back link, after a delete). */
  listPath: string
  /** The editor's path for a saved resource (after a create). */
  itemPath: (id: string) => string
  /** Field labels by top-level field, for the conflict dialog. */
  fieldLabels?: Record<string, string>
  /** Deleting is offered (admins) unless false. */
  canDelete?: boolean
  /** The form's fields; gets the form and the stored resource (null while new). */
  children: (form: UseFormReturn<V>, item: StoredResource | null) => ReactNode
  /**
   * Read after the stored resource and before its form shows (what the fields show from other
   * resources, e.g. the product's pictures' texts), so the form is painted once, complete.
   */
  preload?: (item: StoredResource) => Promise<unknown>
  /** Beside the form (history, usage), for a stored resource. */
  aside?: (item: StoredResource, replace: (item: StoredResource) => void) => ReactNode
  /** Buttons beside Save (e.g. "Ausverkauft"), for a stored resource. */
  actions?: (item: StoredResource) => ReactNode
  /** After an update was saved: the answer and the state it replaced (e.g. to offer a redirect). */
  onSaved?: (saved: StoredResource, before: StoredResource) => void
  /**
   * A resource outside the CRUD pattern (the config: GET and POST /api/config): how it is read
   * (null: none stored yet) and written (the body carries the version read, none the first time).
   */
  store?: {
    read: () => Promise<StoredResource | null>
    write: (body: Record<string, unknown>) => Promise<StoredResource>
  }
}

export function ResourceEditor<V extends FieldValues>(props: EditorProps<V>) {
  const t = useT('bo-common')
  const { resource, id, texts } = props
  const [state, reload, setItem] = useLoad<StoredResource | null>(
    () =>
      props.store
        ? props.store.read()
        : id === undefined
          ? Promise.resolve(null)
          : readResource(resource, id).then(async (item) => {
              await props.preload?.(item)
              return item
            }),
    `${resource}/${id ?? ''}`,
  )
  // Right after a create the route's id changes while the last answer (null: new) is still
  // shown: that is loading too, or the form would keep the empty values of a new one.
  const behind = !props.store && state.status === 'ready' && (state.value?.id ?? undefined) !== id
  if (state.status === 'loading' || behind) {
    return (
      <main id="main" className="bo-page">
        <Spinner label={t('loading')} />
      </main>
    )
  }
  if (state.status === 'failed') {
    return (
      <main id="main" className="bo-page">
        <Notice tone="danger" live="assertive">
          <p>{state.error.status === 404 ? t('notFound') : `${texts.load}.`}</p>
          {state.error.status === 404 ? null : (
            <Button small variant="secondary" onClick={() => void reload()}>
              {t('retry')}
            </Button>
          )}
        </Notice>
        <Link className={buttonClass('secondary')} to={props.listPath}>
          {t('backToList')}
        </Link>
      </main>
    )
  }
  // Keyed by the item shown, not the path's id: right after a create the path names the new id
  // while the item is still loading; the form is made again from the item once it is there.
  return <EditorForm key={state.value?.id ?? 'new'} {...props} item={state.value} setItem={setItem} />
}

function EditorForm<V extends FieldValues>({
  resource,
  schema,
  toForm,
  toBody,
  texts,
  listPath,
  itemPath,
  fieldLabels,
  canDelete = true,
  children,
  aside,
  actions,
  onSaved,
  store,
  item,
  setItem,
}: EditorProps<V> & { item: StoredResource | null; setItem: (item: StoredResource) => void }) {
  const t = useT('bo-common')
  const navigate = useNavigate()
  const form = useForm<V>({
    defaultValues: toForm(item) as DefaultValues<V>,
    resolver: contractResolver<V>(schema, (values) => toBody(values, item)),
    // Checked on save, then as the user corrects (no error appearing on blur shifts the form
    // under the pointer mid-click).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
  const [saved, setSaved] = useState(false)
  const [conflict, setConflict] = useState<{
    conflict: Conflict
    current: StoredResource
    who?: string
  } | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const formId = useId()

  // A new state (a save, a reload, a restore from the history) resets the form to it.
  const replace = (next: StoredResource) => {
    setItem(next)
    form.reset(toForm(next) as DefaultValues<V>)
  }

  const save = async (values: V) => {
    setSaved(false)
    const body = toBody(values, item)
    try {
      if (store) {
        replace(await store.write(item === null ? body : { ...item, ...body, version: item.version }))
        setSaved(true)
        return
      }
      if (item === null) {
        const created = await createResource(resource, body)
        navigate(itemPath(created.id), { replace: true })
        return
      }
      const answer = await updateResource(resource, item.id, { ...item, ...body, version: item.version })
      replace(answer)
      setSaved(true)
      onSaved?.(answer, item)
    } catch (error) {
      if (item !== null && isStale(error)) {
        const current = await (store ? store.read() : readResource(resource, item.id)).catch(() => null)
        if (current) {
          const who = await lastAuthor(
            store ? `/${resource}/history` : `/${resource}/${encodeURIComponent(item.id)}/history`,
          )
          setConflict({ conflict: conflictOf(item, body, current), current, ...(who ? { who } : {}) })
          return
        }
      }
      showServerErrors(form, error, `${item === null ? texts.create : texts.update}.`)
    }
  }

  const reapply = async () => {
    if (!conflict || item === null) return
    const next = conflict.conflict.reapplied
    setConflict(null)
    try {
      const answer = store ? await store.write(next) : await updateResource(resource, item.id, next)
      replace(answer)
      setSaved(true)
    } catch (error) {
      // The re-applied state may be refused (a unique value, a reference gone): at the fields.
      setItem(conflict.current)
      showServerErrors(form, error, `${texts.update}.`)
    }
  }

  const remove = async () => {
    if (item === null) return
    setDeleteError(null)
    try {
      await deleteResource(resource, item.id, item.version)
      navigate(listPath, { replace: true })
    } catch (error) {
      setConfirmDelete(false)
      // Still in use (a menu, an order): the server's message names where.
      setDeleteError(messageOf(error, `${texts.delete}.`))
    }
  }

  // The fields are made once per item: the form's own state changes (saving, dirty, isReady
  // right after mounting) render this shell again, not every field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `form` is the same object for the form's life
  const fields = useMemo(() => children(form, item), [children, item])
  const label = (field: string) => fieldLabels?.[field] ?? field
  const value = (v: unknown) => shortValue(v, t('yes'), t('no'))

  return (
    <main id="main" className="bo-page bo-editor">
      <div className="bo-editor__head">
        <Link className="bo-back" to={listPath}>
          ← {t('backToList')}
        </Link>
        <h1>{item === null ? texts.newTitle : texts.title(item)}</h1>
      </div>
      <div className="bo-editor__body">
        <EditorFormProvider form={form}>
          <form
            id={formId}
            className="bo-form"
            noValidate
            onSubmit={form.handleSubmit(save, () => setSaved(false))}
          >
            <FormErrors />
            {fields}
            <div className="bo-form__actions">
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? t('saving') : item === null ? t('create') : t('save')}
              </Button>
              {item !== null && actions ? actions(item) : null}
              {item !== null && canDelete ? (
                <Button type="button" variant="danger" onClick={() => setConfirmDelete(true)}>
                  {t('delete')}
                </Button>
              ) : null}
            </div>
            <div role="status" aria-live="polite" className="bo-form__status">
              {saved && !form.formState.isDirty ? t('saved') : ''}
            </div>
            {deleteError ? (
              <Notice tone="danger" live="assertive">
                <p>{deleteError}</p>
              </Notice>
            ) : null}
          </form>
        </EditorFormProvider>
        {item !== null && aside ? (
          <aside className="bo-editor__aside">
            <AfterPaint>{aside(item, replace)}</AfterPaint>
          </aside>
        ) : null}
      </div>
      <Dialog
        open={conflict !== null}
        title={t('conflict.title')}
        closeLabel={t('close')}
        onClose={() => setConflict(null)}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                if (conflict) replace(conflict.current)
                setConflict(null)
              }}
            >
              {t('conflict.reload')}
            </Button>
            <Button onClick={() => void reapply()}>{t('conflict.reapply')}</Button>
          </>
        }
      >
        {conflict ? (
          <div className="bo-conflict">
            <p>{conflict.who ? t('conflict.introWho', { who: conflict.who }) : t('conflict.intro')}</p>
            <h3>{t('conflict.theirs')}</h3>
            <ul>
              {conflict.conflict.theirs.map((c) => (
                <li key={c.field}>
                  <strong>{label(c.field)}</strong>: {value(c.before)} → {value(c.after)}
                </li>
              ))}
            </ul>
            <h3>{t('conflict.mine')}</h3>
            <ul>
              {conflict.conflict.mine.map((c) => (
                <li key={c.field}>
                  <strong>{label(c.field)}</strong>: {value(c.before)} → {value(c.after)}
                  {conflict.conflict.both.includes(c.field) ? ` (${t('conflict.both')})` : ''}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Dialog>
      <Dialog
        open={confirmDelete}
        title={t('deleteConfirm.title')}
        closeLabel={t('close')}
        onClose={() => setConfirmDelete(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              {t('cancel')}
            </Button>
            <Button variant="danger" onClick={() => void remove()}>
              {t('delete')}
            </Button>
          </>
        }
      >
        <p>{t('deleteConfirm.text', { name: item ? texts.title(item) : '' })}</p>
      </Dialog>
    </main>
  )
}

/** Who saved the resource last (its history's newest entry), if the history can be read. */
async function lastAuthor(historyPath: string): Promise<string | undefined> {
  try {
    const entries = await apiGet<{ actor?: { username?: string; name?: string } }[]>(`${historyPath}?limit=1`)
    const actor = entries[0]?.actor
    return actor?.username ?? actor?.name
  } catch {
    return undefined
  }
}

/**
 * Renders its children once the page has painted: the aside (the change history, loaded from the
 * server anyway) does not hold up the form's first appearance.
 */
function AfterPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [])
  return painted ? children : null
}
