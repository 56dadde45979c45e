/**
 * The device registry (issue 21 point 1, docs/devices.md "Geräte im Back-Office"): the branches'
 * receipt printers, board tablets and signage screens, their state (online, last seen, failed
 * receipts; every 10 s), an editor with the printer's fields, and the device panel beside it
 * (pairing, revoking, tests, the log, a printer's recent jobs). The pairing page
 * (/devices/pair?code=…) is where a screen's QR code leads.
 */
import { createDeviceBodySchema, PRINT_PURPOSES, PRINTER_CODE_PAGES } from '@shop/shared/contracts'
import { buttonClass } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useId, useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { editorTexts, ResourceEditor } from '../../lib/editor.tsx'
import {
  CheckboxGroup,
  FieldSet,
  NumberInput,
  SelectInput,
  TextInput,
  useFormContext,
} from '../../lib/forms.tsx'
import { HistoryAside } from '../../lib/history-aside.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import { useResourceList } from '../../lib/resources.ts'
import { useSession } from '../../lib/session.tsx'
import { type Device, type DeviceForm, deviceToBody, deviceToForm } from './device-model.ts'
import { DevicePanel } from './device-panel.tsx'
import { lastSeenText, stateText, useDeviceStatuses } from './device-status.ts'
import './devices.css'

export function DeviceListPage() {
  const t = useT('bo-devices')
  const { branches } = useSession()
  const [state, reload] = useResourceList<Device>('devices')
  const { statuses, failed, now } = useDeviceStatuses()
  const [query, setQuery] = useState('')
  const groups = useMemo(() => {
    const items = state.status === 'ready' ? state.value : []
    const q = query.trim().toLowerCase()
    const shown = q ? items.filter((d) => (d.name ?? '').toLowerCase().includes(q)) : items
    const byBranch = new Map<string, Device[]>()
    for (const d of shown) {
      const key = d.branch?.id ?? ''
      byBranch.set(key, [...(byBranch.get(key) ?? []), d])
    }
    const named = branches
      .filter((b) => byBranch.has(b.id))
      .map((b) => ({ id: b.id, name: b.name, devices: byBranch.get(b.id) ?? [] }))
    const known = new Set(branches.map((b) => b.id))
    const rest = [...byBranch.entries()]
      .filter(([id]) => !known.has(id))
      .map(([id, devices]) => ({ id, name: id === '' ? t('noBranch') : id, devices }))
    return [...named, ...rest]
  }, [state, query, branches, t])
  const columns = useMemo<ColumnDef<Device, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('column.name'),
        accessorFn: (d) => d.name ?? '',
        cell: ({ row }) => (
          <Link to={paths.backend.resource('devices', row.original.id)}>
            {row.original.name || row.original.id}
          </Link>
        ),
      },
      { id: 'kind', header: t('column.kind'), accessorFn: (d) => (d.kind ? t(`kind.${d.kind}`) : '') },
      {
        id: 'state',
        header: t('column.state'),
        accessorFn: (d) => stateText(t, d, statuses?.get(d.id)),
        cell: ({ row }) => {
          const status = statuses?.get(row.original.id)
          const online = status?.online === true
          return (
            <span
              className={`bo-device-state bo-device-state--${online ? 'online' : 'offline'}`}
              data-device-state={online ? 'online' : 'offline'}
            >
              <span className="bo-device-state__dot" aria-hidden="true" />
              {stateText(t, row.original, status)}
            </span>
          )
        },
      },
      {
        id: 'lastSeen',
        header: t('column.lastSeen'),
        accessorFn: (d) => lastSeenText(t, statuses?.get(d.id), now),
        // From the state as it is now: the table keeps a row's accessor values while its device
        // is unchanged, so the value above stays what the first answer (or none) made it.
        cell: ({ row }) => lastSeenText(t, statuses?.get(row.original.id), now),
      },
      {
        id: 'failedJobs',
        header: t('column.failedJobs'),
        accessorFn: (d) => statuses?.get(d.id)?.failedJobs ?? 0,
        cell: ({ row }) => {
          const failedJobs = statuses?.get(row.original.id)?.failedJobs ?? 0
          return row.original.kind === 'printer' && failedJobs > 0 ? (
            <strong className="bo-device-failed">{t('failedJobs', { count: failedJobs })}</strong>
          ) : (
            ''
          )
        },
      },
    ],
    [t, statuses, now],
  )
  return (
    <ListPage
      title={t('title')}
      create={{ to: paths.backend.newResource('devices'), label: t('new') }}
      intro={
        <>
          <p className="bo-intro">{t('intro')}</p>
          <p>
            <Link className={buttonClass('secondary', { small: true })} to={paths.backend.devicePair()}>
              {t('pairScreen')}
            </Link>
          </p>
          {failed ? <p className="bo-device-failed">{t('error.status')}</p> : null}
        </>
      }
      search={{ value: query, onChange: setQuery }}
      state={state}
      failedText={t('error.load')}
      retry={reload}
    >
      {() =>
        groups.length === 0 ? (
          <p>{t('empty')}</p>
        ) : (
          <div className="bo-devices">
            {groups.map((group) => (
              <BranchDevices key={group.id} name={group.name} devices={group.devices} columns={columns} />
            ))}
          </div>
        )
      }
    </ListPage>
  )
}

function BranchDevices({
  name,
  devices,
  columns,
}: {
  name: string
  devices: Device[]
  columns: ColumnDef<Device, unknown>[]
}) {
  const t = useT('bo-devices')
  const id = useId()
  return (
    <section aria-labelledby={id} className="bo-devices__branch">
      <h2 id={id}>{name}</h2>
      <DataTable
        rows={devices}
        columns={columns}
        rowId={(d) => d.id}
        caption={`${t('title')} – ${name}`}
        empty={t('empty')}
        initialSorting={[{ id: 'name', desc: false }]}
      />
    </section>
  )
}

export function DeviceEditorPage() {
  const t = useT('bo-devices')
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  return (
    <ResourceEditor<DeviceForm>
      resource="devices"
      id={isNew ? undefined : id}
      schema={createDeviceBodySchema}
      toForm={(item) => deviceToForm(item)}
      toBody={deviceToBody}
      listPath={paths.backend.resources('devices')}
      itemPath={(itemId) => paths.backend.resource('devices', itemId)}
      texts={editorTexts(t, (item) => String((item as Device).name || item.id))}
      fieldLabels={{
        name: t('field.name'),
        kind: t('field.kind'),
        branch: t('field.branch'),
        host: t('field.host'),
        port: t('field.port'),
        paperWidth: t('field.paperWidth'),
        codePage: t('field.codePage'),
        purposes: t('field.purposes'),
      }}
      aside={(item, replace) => (
        <>
          <DevicePanel device={item as Device} />
          <HistoryAside resource="devices" item={item} onRestored={replace} />
        </>
      )}
    >
      {() => <DeviceFields />}
    </ResourceEditor>
  )
}

function DeviceFields() {
  const t = useT('bo-devices')
  const { branches } = useSession()
  const { watch } = useFormContext<DeviceForm>()
  const kind = watch('kind')
  return (
    <>
      <FieldSet legend={t('fieldset.device')}>
        <TextInput name="name" label={t('field.name')} required />
        <SelectInput
          name="kind"
          label={t('field.kind')}
          required
          options={(['printer', 'board', 'signage'] as const).map((k) => ({
            value: k,
            label: t(`kind.${k}`),
          }))}
        />
        <SelectInput
          name="branch"
          label={t('field.branch')}
          required={kind === 'printer'}
          empty={t('noBranch')}
          options={branches.map((b) => ({ value: b.id, label: b.name }))}
        />
      </FieldSet>
      {kind === 'printer' ? (
        <>
          <FieldSet legend={t('fieldset.printer')}>
            <TextInput name="host" label={t('field.host')} hint={t('field.hostHint')} required />
            <NumberInput name="port" label={t('field.port')} hint={t('field.portHint')} decimals={0} />
            <SelectInput
              name="paperWidth"
              label={t('field.paperWidth')}
              options={(['80', '58'] as const).map((w) => ({ value: w, label: t(`paper.${w}`) }))}
            />
            <SelectInput
              name="codePage"
              label={t('field.codePage')}
              options={PRINTER_CODE_PAGES.map((c) => ({ value: c, label: c.toUpperCase() }))}
            />
          </FieldSet>
          <CheckboxGroup
            name="purposes"
            legend={t('field.purposes')}
            hint={t('field.purposesHint')}
            options={PRINT_PURPOSES.map((p) => ({ value: p, label: t(`purpose.${p}`) }))}
          />
        </>
      ) : null}
    </>
  )
}
