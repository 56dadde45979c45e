/**
 * Import and export (issue 17, /backend/import-export): the catalogue (products, categories,
 * menus) out as one JSON file or three CSV files, and in again from the same formats, always
 * with a dry run first that lists every row's errors before anything is written
 * (transfer-model.ts holds the rules; this page reads files, calls the API and shows results).
 */
import './transfer.css'
import { Button, Notice } from '@shop/ui'
import { useId, useState } from 'react'
import { messageOf } from '../../lib/api.ts'
import { activeLocale, useT } from '../../lib/i18n.tsx'
import { createResource, listResources, updateResource } from '../../lib/resources.ts'
import {
  applyPlan,
  dryRun,
  exportBundle,
  exportCsv,
  type Item,
  KINDS,
  type Plan,
  type RowResult,
  readFiles,
  type ShopData,
  type Texts,
} from './transfer-model.ts'

async function loadShop(): Promise<ShopData> {
  const [categories, products, menus, branches] = await Promise.all([
    listResources<Item & { version: number }>('categories'),
    listResources<Item & { version: number }>('products'),
    listResources<Item & { version: number }>('menus'),
    listResources<Item & { version: number }>('branches'),
  ])
  return {
    categories,
    products,
    menus,
    branches: branches.map((b) => ({
      id: b.id,
      identifier: typeof b.identifier === 'string' ? b.identifier : null,
      name: typeof b.name === 'string' ? b.name : null,
    })),
  }
}

function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export function TransferPage() {
  const t = useT('bo-transfer')
  const fileId = useId()
  const [busy, setBusy] = useState(false)
  const [exportError, setExportError] = useState<string | null>(null)
  const [plan, setPlan] = useState<Plan | null>(null)
  const [readError, setReadError] = useState<string | null>(null)
  const [results, setResults] = useState<(RowResult | undefined)[]>([])
  const [running, setRunning] = useState(false)
  const [done, setDone] = useState(false)

  const texts: Texts = {
    unknownFile: (file) => t('error.unknownFile', { file }),
    invalidJson: () => t('error.invalidJson'),
    duplicate: (value) => t('error.duplicate', { value }),
    missingRef: (what, id) => t(`error.missing.${what}`, { id }),
    refHasErrors: (what, id) => t(`error.refHasErrors.${what}`, { id }),
  }

  const runExport = async (format: 'json' | 'csv') => {
    setBusy(true)
    setExportError(null)
    try {
      const shop = await loadShop()
      const day = new Date().toISOString().slice(0, 10)
      if (format === 'json') {
        download(
          `catalogue-${day}.json`,
          JSON.stringify(exportBundle(shop, new Date()), null, 2),
          'application/json',
        )
      } else {
        for (const file of exportCsv(shop)) download(file.name, file.text, 'text/csv;charset=utf-8')
      }
    } catch (error) {
      setExportError(messageOf(error, t('error.export')))
    } finally {
      setBusy(false)
    }
  }

  const check = async (list: FileList | null) => {
    setPlan(null)
    setResults([])
    setDone(false)
    setReadError(null)
    if (!list || list.length === 0) return
    setBusy(true)
    try {
      const files = await Promise.all(
        [...list].map(async (file) => ({ name: file.name, text: await file.text() })),
      )
      const shop = await loadShop()
      setPlan(dryRun(readFiles(files, texts), shop, activeLocale(), texts))
    } catch (error) {
      setReadError(messageOf(error, t('error.read')))
    } finally {
      setBusy(false)
    }
  }

  const runImport = async () => {
    if (!plan) return
    setRunning(true)
    setResults([])
    await applyPlan(
      plan,
      {
        create: (kind, body) => createResource<Item & { version: number }>(kind, body),
        update: (kind, target, body) =>
          updateResource<Item & { version: number }>(kind, target.id, {
            ...target,
            ...body,
            version: Number(target.version),
          }),
      },
      (index, result) =>
        setResults((list) => {
          const next = [...list]
          next[index] = result
          return next
        }),
      (error) => messageOf(error, t('error.write')),
    )
    setRunning(false)
    setDone(true)
  }

  const finished = results.filter(Boolean).length
  const failed = results.filter((r) => r?.status === 'failed').length

  return (
    <main id="main" className="bo-page bo-transfer">
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <section aria-labelledby="export-title">
        <h2 id="export-title">{t('export.title')}</h2>
        <p className="bo-hint">{t('export.hint')}</p>
        <div className="bo-transfer__buttons">
          <Button icon="download" disabled={busy} onClick={() => void runExport('json')}>
            {t('export.json')}
          </Button>
          <Button icon="download" variant="secondary" disabled={busy} onClick={() => void runExport('csv')}>
            {t('export.csv')}
          </Button>
        </div>
        {exportError ? (
          <Notice tone="danger" live="assertive">
            <p>{exportError}</p>
          </Notice>
        ) : null}
      </section>
      <section aria-labelledby="import-title">
        <h2 id="import-title">{t('import.title')}</h2>
        <p className="bo-hint">{t('import.hint')}</p>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={fileId}>
            {t('import.files')}
          </label>
          <input
            id={fileId}
            type="file"
            multiple
            accept=".json,.csv,application/json,text/csv"
            disabled={running}
            onChange={(e) => void check(e.target.files)}
          />
        </div>
        {readError ? (
          <Notice tone="danger" live="assertive">
            <p>{readError}</p>
          </Notice>
        ) : null}
        {plan ? <DryRun plan={plan} results={results} /> : null}
        {plan && plan.errorCount === 0 && !done ? (
          <Button disabled={running || plan.rows.length === 0} onClick={() => void runImport()}>
            {running ? t('import.running') : t('import.start', { count: plan.rows.length })}
          </Button>
        ) : null}
        {running || done ? (
          <div role="status" aria-live="polite" className="bo-transfer__progress">
            <progress max={plan?.rows.length ?? 0} value={finished} aria-label={t('import.progress')} />{' '}
            {t('import.progressText', { done: finished, count: plan?.rows.length ?? 0 })}
            {done ? (
              <p>{failed === 0 ? t('import.doneOk') : t('import.doneFailed', { count: failed })}</p>
            ) : null}
          </div>
        ) : null}
      </section>
    </main>
  )
}

function DryRun({ plan, results }: { plan: Plan; results: (RowResult | undefined)[] }) {
  const t = useT('bo-transfer')
  const count = (kind: (typeof KINDS)[number], action: 'create' | 'update') =>
    plan.rows.filter((r) => r.kind === kind && r.action === action).length
  return (
    <div className="bo-transfer__plan" data-testid="dry-run">
      <h3>{t('dryRun.title')}</h3>
      {plan.errorCount === 0 ? (
        <Notice tone="success" live="polite">
          <p>{t('dryRun.ok', { count: plan.rows.length })}</p>
        </Notice>
      ) : (
        <Notice tone="danger" live="assertive">
          <p>{t('dryRun.errors', { count: plan.errorCount })}</p>
        </Notice>
      )}
      <ul>
        {KINDS.map((kind) => (
          <li key={kind}>
            {t(`kind.${kind}`)}:{' '}
            {t('dryRun.counts', { create: count(kind, 'create'), update: count(kind, 'update') })}
          </li>
        ))}
      </ul>
      {plan.problems.map((problem) => (
        <p key={problem} className="ui-field__error">
          {problem}
        </p>
      ))}
      <ol className="bo-transfer__rows" aria-label={t('dryRun.rows')}>
        {plan.rows.map((row, index) => {
          const result = results[index]
          return (
            <li
              key={`${row.file}:${row.kind}:${row.line}`}
              className={row.errors.length > 0 || result?.status === 'failed' ? 'is-error' : undefined}
              data-testid="import-row"
            >
              <strong>
                {t(/\.json$/i.test(row.file) ? 'dryRun.whereJson' : 'dryRun.whereCsv', {
                  file: row.file,
                  kind: t(`kind.${row.kind}`),
                  line: row.line,
                })}
              </strong>{' '}
              {row.label} – {t(`action.${row.action}`)}
              {result
                ? ` – ${result.status === 'failed' ? result.message : t(`result.${result.status}`)}`
                : ''}
              {row.errors.length > 0 ? (
                <ul>
                  {row.errors.map((error) => (
                    <li key={`${error.field}:${error.message}`}>
                      {error.field ? <code>{error.field}</code> : null} {error.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          )
        })}
      </ol>
    </div>
  )
}
