/**
 * Staff accounts (issue 17, spec §6): who may log in to the back-office, with which role, for
 * which branches; switched off without deleting (`isEnabled`), a new password set by an admin
 * (which ends every open session of that user, docs/security.md).
 */
import { createUserBodySchema, USER_ROLES } from '@shop/shared/contracts'
import { paths } from '@shop/ui/routes'
import { useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { editorTexts, ResourceEditor } from '../../lib/editor.tsx'
import { CheckboxGroup, CheckboxInput, FieldSet, NumberInput, TextInput } from '../../lib/forms.tsx'
import { HistoryAside } from '../../lib/history-aside.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'
import { useSession } from '../../lib/session.tsx'
import { TerminalLinkPanel } from './terminal-link-panel.tsx'

type User = StoredResource & {
  username: string
  displayName?: string
  roles: string[]
  branches: { id: string }[]
  isEnabled?: boolean
}

export type UserForm = {
  username: string
  displayName: string
  roles: string[]
  branchIds: string[]
  isEnabled: boolean
  password: string
  /** Time tracking (docs/time-tracking.md): holiday days per year, the hourly rate in cents. */
  holidayDaysPerYear: number | null
  hourlyRate: number | null
}

export function userToForm(item: StoredResource | null): UserForm {
  const user = item as User | null
  return {
    username: user?.username ?? '',
    displayName: user?.displayName ?? '',
    roles: user?.roles ?? ['ROLE_EMPLOYEE'],
    branchIds: (user?.branches ?? []).map((b) => b.id),
    isEnabled: user?.isEnabled !== false,
    password: '',
    holidayDaysPerYear: typeof item?.holidayDaysPerYear === 'number' ? item.holidayDaysPerYear : null,
    hourlyRate: typeof item?.hourlyRate === 'number' ? item.hourlyRate : null,
  }
}

/** The body a save sends: a password only when one was typed (an update keeps the old one). */
export function userToBody(values: UserForm): Record<string, unknown> {
  return {
    username: values.username.trim(),
    displayName: values.displayName,
    roles: values.roles,
    branches: values.branchIds.map((id) => ({ id })),
    isEnabled: values.isEnabled,
    holidayDaysPerYear: values.holidayDaysPerYear,
    hourlyRate: values.hourlyRate,
    ...(values.password ? { password: values.password } : {}),
  }
}

const updateSchema = createUserBodySchema.extend({ password: createUserBodySchema.shape.password.optional() })

export function UserListPage() {
  const t = useT('bo-users')
  const { branches } = useSession()
  const [state, reload] = useResourceList<User>('users')
  const [query, setQuery] = useState('')
  const branchName = useMemo(() => new Map(branches.map((b) => [b.id, b.name])), [branches])
  const rows = useMemo(() => {
    const users = state.status === 'ready' ? state.value : []
    const q = query.trim().toLowerCase()
    return q ? users.filter((u) => `${u.username} ${u.displayName ?? ''}`.toLowerCase().includes(q)) : users
  }, [state, query])
  const columns = useMemo<ColumnDef<User, unknown>[]>(
    () => [
      {
        id: 'username',
        header: t('username'),
        accessorFn: (u) => u.username,
        cell: ({ row }) => (
          <Link to={paths.backend.resource('users', row.original.id)}>{row.original.username}</Link>
        ),
      },
      { id: 'displayName', header: t('displayName'), accessorFn: (u) => u.displayName ?? '' },
      {
        id: 'roles',
        header: t('roles'),
        accessorFn: (u) => u.roles.map((r) => t(`role.${r}`)).join(', '),
      },
      {
        id: 'branches',
        header: t('branches'),
        accessorFn: (u) => u.branches.map((b) => branchName.get(b.id) ?? b.id).join(', '),
      },
      {
        id: 'isEnabled',
        header: t('status'),
        accessorFn: (u) => (u.isEnabled === false ? t('disabled') : t('enabled')),
      },
    ],
    [t, branchName],
  )
  return (
    <ListPage
      title={t('title')}
      create={{ to: paths.backend.newResource('users'), label: t('new') }}
      search={{ value: query, onChange: setQuery }}
      state={state}
      failedText={t('error.load')}
      retry={reload}
    >
      {() => (
        <DataTable
          rows={rows}
          columns={columns}
          rowId={(u) => u.id}
          caption={t('title')}
          empty={t('empty')}
        />
      )}
    </ListPage>
  )
}

export function UserEditorPage() {
  const t = useT('bo-users')
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  return (
    <ResourceEditor<UserForm>
      resource="users"
      id={isNew ? undefined : id}
      schema={isNew ? createUserBodySchema : updateSchema}
      toForm={userToForm}
      toBody={userToBody}
      listPath={paths.backend.resources('users')}
      itemPath={(userId) => paths.backend.resource('users', userId)}
      texts={editorTexts(t, (item) => String((item as User).displayName || (item as User).username))}
      fieldLabels={{
        username: t('username'),
        displayName: t('displayName'),
        roles: t('roles'),
        branches: t('branches'),
        isEnabled: t('enabledField'),
        holidayDaysPerYear: t('holidayDaysPerYear'),
        hourlyRate: t('hourlyRate'),
      }}
      aside={(item, replace) => (
        <>
          <TerminalLinkPanel user={item} />
          <HistoryAside resource="users" item={item} onRestored={replace} />
        </>
      )}
    >
      {(_form, item) => <UserFields isNew={item === null} userId={item?.id} />}
    </ResourceEditor>
  )
}

function UserFields({ isNew, userId }: { isNew: boolean; userId: string | undefined }) {
  const t = useT('bo-users')
  const { me, branches } = useSession()
  const self = userId !== undefined && userId === me.user.id
  return (
    <>
      <FieldSet legend={t('account')}>
        <TextInput name="username" label={t('username')} required autoComplete="off" />
        <TextInput name="displayName" label={t('displayName')} />
        <TextInput
          name="password"
          type="password"
          label={isNew ? t('password') : t('newPassword')}
          hint={isNew ? t('passwordHint') : t('newPasswordHint')}
          required={isNew}
          autoComplete="new-password"
        />
        {self ? (
          <p className="bo-wide ui-field__hint">{t('selfHint')}</p>
        ) : (
          <CheckboxInput name="isEnabled" label={t('enabledField')} hint={t('enabledHint')} />
        )}
      </FieldSet>
      <CheckboxGroup
        name="roles"
        legend={t('roles')}
        options={USER_ROLES.map((role) => ({
          value: role,
          label: t(`role.${role}`),
          hint: t(`roleHint.${role}`),
        }))}
        locked={self ? ['ROLE_ADMIN'] : []}
      />
      <CheckboxGroup
        name="branchIds"
        legend={t('branches')}
        hint={t('branchesHint')}
        options={branches.map((branch) => ({ value: branch.id, label: branch.name }))}
      />
      <FieldSet legend={t('timeTracking')}>
        <NumberInput
          name="holidayDaysPerYear"
          label={t('holidayDaysPerYear')}
          hint={t('holidayDaysPerYearHint')}
          suffix={t('days')}
        />
        <NumberInput
          name="hourlyRate"
          label={t('hourlyRate')}
          hint={t('hourlyRateHint')}
          scale={100}
          decimals={2}
          suffix={t('perHour')}
        />
      </FieldSet>
    </>
  )
}
