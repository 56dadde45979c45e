/**
 * The branch's tables (the `tables` resource: identifier + branch) on the branch editor: list,
 * add, remove; and a print sheet with one QR code per table (the `qrcode` package) that opens the
 * branch's menu with dine-in and the table chosen (`/store/<branch>?table=<table>`, read by the
 * storefront's menu page). The sheet is a print-styled page: the browser's print dialog prints
 * it (or saves it as PDF) without the back-office around it.
 */
import { Button } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import QRCode from 'qrcode'
import { useEffect, useId, useState } from 'react'
import { createPortal } from 'react-dom'
import { messageOf } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import { createResource, deleteResource, type StoredResource, useResourceList } from '../../lib/resources.ts'

type Table = { id: string; version: number; identifier: string; branch: { id: string } }

/** The link a table's QR code opens: the branch's menu with dine-in at that table. */
export function tableLink(origin: string, branchIdentifier: string, tableIdentifier: string): string {
  return `${origin}${paths.store(branchIdentifier)}?table=${encodeURIComponent(tableIdentifier)}`
}

export function BranchTables({ branch }: { branch: StoredResource }) {
  const t = useT('bo-branches')
  const [list, reload] = useResourceList<Table>('tables')
  const [identifier, setIdentifier] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [printing, setPrinting] = useState(false)
  const inputId = useId()
  const tables =
    list.status === 'ready'
      ? list.value
          .filter((table) => table.branch.id === branch.id)
          .sort((a, b) => a.identifier.localeCompare(b.identifier, undefined, { numeric: true }))
      : []

  const add = async () => {
    setError(null)
    try {
      await createResource('tables', { identifier: identifier.trim(), branch: { id: branch.id } })
      setIdentifier('')
      await reload()
    } catch (e) {
      setError(messageOf(e, t('tables.createFailed')))
    }
  }
  const remove = async (table: Table) => {
    setError(null)
    try {
      await deleteResource('tables', table.id, table.version)
      await reload()
    } catch (e) {
      setError(messageOf(e, t('tables.deleteFailed')))
    }
  }

  return (
    <section className="bo-side-panel" aria-labelledby={`${inputId}-title`} data-testid="branch-tables">
      <h2 id={`${inputId}-title`}>{t('tables.title')}</h2>
      {list.status === 'failed' ? <p className="ui-field__error">{t('tables.loadFailed')}</p> : null}
      {tables.length === 0 && list.status === 'ready' ? <p className="bo-muted">{t('tables.none')}</p> : null}
      <ul className="bo-tables">
        {tables.map((table) => (
          <li key={table.id}>
            <span>{t('tables.table', { table: table.identifier })}</span>
            <Button small variant="ghost" onClick={() => void remove(table)}>
              {t('tables.remove', { table: table.identifier })}
            </Button>
          </li>
        ))}
      </ul>
      <form
        className="bo-tables__add"
        onSubmit={(e) => {
          e.preventDefault()
          void add()
        }}
      >
        <label htmlFor={inputId} className="ui-field__label">
          {t('tables.identifier')}
        </label>
        <input
          id={inputId}
          className="ui-input"
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        <Button type="submit" small variant="secondary" disabled={identifier.trim() === ''}>
          {t('tables.add')}
        </Button>
      </form>
      {error ? (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {tables.length > 0 ? (
        <Button small variant="secondary" onClick={() => setPrinting(true)}>
          {t('tables.print')}
        </Button>
      ) : null}
      {printing ? <QrSheet branch={branch} tables={tables} onClose={() => setPrinting(false)} /> : null}
    </section>
  )
}

/** The print sheet: over the page on screen, alone on paper. */
function QrSheet({
  branch,
  tables,
  onClose,
}: {
  branch: StoredResource
  tables: Table[]
  onClose: () => void
}) {
  const t = useT('bo-branches')
  const [codes, setCodes] = useState<Record<string, string>>({})
  const branchIdentifier = String(branch.identifier)
  useEffect(() => {
    let live = true
    void Promise.all(
      tables.map(async (table) => {
        const link = tableLink(window.location.origin, branchIdentifier, table.identifier)
        return [table.id, await QRCode.toDataURL(link, { margin: 1, width: 240 })] as const
      }),
    ).then((made) => {
      if (live) setCodes(Object.fromEntries(made))
    })
    document.body.classList.add('bo-printing')
    return () => {
      live = false
      document.body.classList.remove('bo-printing')
    }
  }, [tables, branchIdentifier])
  return createPortal(
    // biome-ignore lint/a11y/useSemanticElements: a full-page sheet, not a modal form dialog
    <div className="bo-qr-sheet" role="region" aria-label={t('tables.sheetTitle')} data-testid="qr-sheet">
      <div className="bo-qr-sheet__tools">
        <Button onClick={() => window.print()}>{t('tables.printNow')}</Button>
        <Button variant="secondary" onClick={onClose}>
          {t('tables.closeSheet')}
        </Button>
      </div>
      <h1>{String(branch.name)}</h1>
      <ul className="bo-qr-sheet__grid">
        {tables.map((table) => (
          <li key={table.id} className="bo-qr-card">
            {codes[table.id] ? (
              <img
                src={codes[table.id]}
                alt={t('tables.qrAlt', { table: table.identifier })}
                width={240}
                height={240}
                data-link={tableLink(window.location.origin, branchIdentifier, table.identifier)}
              />
            ) : null}
            <strong>{t('tables.table', { table: table.identifier })}</strong>
            <span>{t('tables.scan')}</span>
          </li>
        ))}
      </ul>
    </div>,
    document.body,
  )
}
