/**
 * Projects and their tasks (issue 20; docs/backoffice.md "Projekte"): catering jobs time is
 * booked against at the terminal. A project has a name, a branch (or every branch) and an active
 * flag; its tasks are their own small resources (`/api/tasks`), listed and edited inside the
 * project's editor. The list and editor are the back-office's usual ones (ResourceEditor, the
 * history aside, the conflict dialog).
 */
import { createProjectBodySchema } from '@shop/shared/contracts/http/resources.http.ts'
import { Button, Field } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useId, useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { messageOf } from '../../lib/api.ts'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { editorTexts, ResourceEditor } from '../../lib/editor.tsx'
import { CheckboxInput, FieldSet, SelectInput, TextInput } from '../../lib/forms.tsx'
import { HistoryAside } from '../../lib/history-aside.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import {
  createResource,
  deleteResource,
  isStale,
  type StoredResource,
  updateResource,
  useResourceList,
} from '../../lib/resources.ts'
import { useSession } from '../../lib/session.tsx'
import './time-tracking.css'

type Project = StoredResource & { name?: string; branchId?: string | null; isActive?: boolean }
type Task = StoredResource & { name?: string; projectId?: string }
type ProjectForm = { name: string; branchId: string | null; isActive: boolean }

export function projectToForm(item: StoredResource | null): ProjectForm {
  const p = item as Project | null
  return { name: p?.name ?? '', branchId: p?.branchId ?? null, isActive: p?.isActive ?? true }
}

export function ProjectListPage() {
  const t = useT('bo-time-tracking')
  const { branches } = useSession()
  const [state, reload] = useResourceList<Project>('projects')
  const [tasks] = useResourceList<Task>('tasks')
  const [query, setQuery] = useState('')
  const branchName = useMemo(() => new Map(branches.map((b) => [b.id, b.name])), [branches])
  const taskCount = useMemo(() => {
    const counts = new Map<string, number>()
    for (const task of tasks.status === 'ready' ? tasks.value : [])
      counts.set(String(task.projectId), (counts.get(String(task.projectId)) ?? 0) + 1)
    return counts
  }, [tasks])
  const rows = useMemo(() => {
    const items = state.status === 'ready' ? state.value : []
    const q = query.trim().toLowerCase()
    return q ? items.filter((i) => (i.name ?? '').toLowerCase().includes(q)) : items
  }, [state, query])
  const columns = useMemo<ColumnDef<Project, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('projects.name'),
        accessorFn: (p) => p.name ?? '',
        cell: ({ row }) => (
          <Link to={paths.backend.resource('projects', row.original.id)}>
            {row.original.name || row.original.id}
          </Link>
        ),
      },
      {
        id: 'branch',
        header: t('field.branch'),
        accessorFn: (p) =>
          p.branchId ? (branchName.get(p.branchId) ?? p.branchId) : t('projects.allBranches'),
      },
      {
        id: 'active',
        header: t('projects.active'),
        accessorFn: (p) => (p.isActive === false ? t('projects.inactive') : t('projects.isActive')),
      },
      { id: 'tasks', header: t('projects.tasks'), accessorFn: (p) => taskCount.get(p.id) ?? 0 },
    ],
    [t, branchName, taskCount],
  )
  return (
    <ListPage
      title={t('projects.title')}
      create={{ to: paths.backend.newResource('projects'), label: t('projects.new') }}
      intro={<p className="bo-intro">{t('projects.intro')}</p>}
      search={{ value: query, onChange: setQuery }}
      count={rows.length}
      state={state}
      failedText={t('projects.error.load')}
      retry={reload}
    >
      {() => (
        <DataTable
          rows={rows}
          columns={columns}
          rowId={(p) => p.id}
          caption={t('projects.title')}
          empty={t('projects.empty')}
          initialSorting={[{ id: 'name', desc: false }]}
        />
      )}
    </ListPage>
  )
}

export function ProjectEditorPage() {
  const t = useT('bo-time-tracking')
  const { branches } = useSession()
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  return (
    <ResourceEditor<ProjectForm>
      resource="projects"
      id={isNew ? undefined : id}
      schema={createProjectBodySchema}
      toForm={projectToForm}
      toBody={(values) => ({ name: values.name, branchId: values.branchId, isActive: values.isActive })}
      listPath={paths.backend.resources('projects')}
      itemPath={(itemId) => paths.backend.resource('projects', itemId)}
      texts={editorTexts(
        (key) => t(`projects.${key}`),
        (item) => String((item as Project).name ?? item.id),
        'new',
      )}
      fieldLabels={{ name: t('projects.name'), branchId: t('field.branch'), isActive: t('projects.active') }}
      aside={(item, replace) => <HistoryAside resource="projects" item={item} onRestored={replace} />}
    >
      {(_form, item) => (
        <>
          <FieldSet legend={t('projects.project')}>
            <TextInput name="name" label={t('projects.name')} required />
            <SelectInput
              name="branchId"
              label={t('field.branch')}
              hint={t('projects.branchHint')}
              empty={t('projects.allBranches')}
              options={branches.map((b) => ({ value: b.id, label: b.name }))}
            />
            <CheckboxInput name="isActive" label={t('projects.active')} hint={t('projects.activeHint')} />
          </FieldSet>
          {item ? (
            <ProjectTasks projectId={item.id} />
          ) : (
            <p className="bo-tt__intro">{t('projects.tasksAfterSave')}</p>
          )}
        </>
      )}
    </ResourceEditor>
  )
}

/** The project's tasks: add, rename and delete, each a write of its own (/api/tasks). */
function ProjectTasks({ projectId }: { projectId: string }) {
  const t = useT('bo-time-tracking')
  const tc = useT('bo-common')
  const [state, reload] = useResourceList<Task>('tasks', { project: projectId })
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [rowError, setRowError] = useState<{ id: string; text: string } | null>(null)
  const newId = useId()
  const add = async () => {
    if (name.trim() === '') return setError(t('projects.taskNameRequired'))
    try {
      await createResource('tasks', { projectId, name: name.trim() })
      setName('')
      setError(undefined)
      await reload()
    } catch (e) {
      setError(messageOf(e, t('projects.error.task')))
    }
  }
  const rename = async (task: Task, next: string) => {
    if (next.trim() === '' || next.trim() === task.name) return
    try {
      await updateResource('tasks', task.id, { projectId, name: next.trim(), version: task.version })
      setRowError(null)
    } catch (e) {
      setRowError({
        id: task.id,
        text: isStale(e)
          ? `${tc('conflict.title')}. ${tc('conflict.intro')}`
          : messageOf(e, t('projects.error.task')),
      })
    }
    await reload()
  }
  const remove = async (task: Task) => {
    try {
      await deleteResource('tasks', task.id, task.version)
      setRowError(null)
    } catch (e) {
      setRowError({ id: task.id, text: messageOf(e, t('projects.error.task')) })
    }
    await reload()
  }
  const tasks =
    state.status === 'ready'
      ? [...state.value].sort((a, b) => String(a.name).localeCompare(String(b.name)))
      : []
  return (
    <section className="bo-fieldset" aria-labelledby={`${newId}-h`}>
      <h2 id={`${newId}-h`}>{t('projects.tasks')}</h2>
      {state.status === 'ready' && tasks.length === 0 ? (
        <p className="bo-tt__intro">{t('projects.noTasks')}</p>
      ) : null}
      <ul className="bo-tt-tasks">
        {tasks.map((task) => (
          <li key={`${task.id}-${task.version}`} className="bo-tt-dialog__pause">
            <Field
              label={t('projects.taskName')}
              error={rowError?.id === task.id ? rowError.text : undefined}
            >
              <input
                className="ui-input"
                defaultValue={task.name ?? ''}
                maxLength={255}
                onBlur={(e) => void rename(task, e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault()
                    void rename(task, e.currentTarget.value)
                  }
                }}
              />
            </Field>
            <Button small variant="ghost" onClick={() => void remove(task)}>
              {t('projects.deleteTask', { name: task.name ?? '' })}
            </Button>
          </li>
        ))}
      </ul>
      <div className="bo-tt-dialog__pause">
        <Field label={t('projects.newTask')} error={error}>
          <input
            className="ui-input"
            value={name}
            maxLength={255}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                void add()
              }
            }}
          />
        </Field>
        <Button small variant="secondary" onClick={() => void add()}>
          {t('projects.addTask')}
        </Button>
      </div>
    </section>
  )
}
