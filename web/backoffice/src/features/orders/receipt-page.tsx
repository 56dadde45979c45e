import { Button, Notice, Spinner } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useCallback, useEffect, useId, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { apiGet, apiRaw, apiSend, messageOf } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import { type StaffOrder, ticketLabel } from './order-view.ts'
import {
  filenameOf,
  lineText,
  type PrintLine,
  pageRule,
  paperWidthMm,
  parseWidth,
  printFontMm,
  RECEIPT_WIDTHS,
  type ReceiptLines,
  type ReceiptWidth,
  toReceiptLines,
} from './receipt-model.ts'
import './receipt.css'

type State =
  | { status: 'loading' }
  | { status: 'failed'; detail: string }
  | { status: 'ready'; receipt: ReceiptLines }

/**
 * The receipt print view: the exact ESC/POS lines of the order's receipt (POST /print with
 * format 'lines') on a page the size of a thermal roll (80 mm, 58 mm for 32 characters), printed
 * with the browser; and the server's PDF as a download. Nothing but the receipt is printed.
 */
export function ReceiptPage() {
  const t = useT('bo-orders')
  const { id = '' } = useParams()
  const [params, setParams] = useSearchParams()
  // The URL keeps the width; the radio follows a local copy at once (the router applies a new URL
  // in a transition, and a controlled radio would spring back until then).
  const fromUrl = parseWidth(params.get('width'))
  const [width, setWidth] = useState(fromUrl)
  useEffect(() => setWidth(fromUrl), [fromUrl])
  const [state, setState] = useState<State>({ status: 'loading' })
  const [pdf, setPdf] = useState<'idle' | 'running' | { failed: string }>('idle')
  const [reloads, setReloads] = useState(0)
  const widthId = useId()
  const path = `/orders/${encodeURIComponent(id)}/print`
  const [ticket, setTicket] = useState('')

  // The title names the order; the receipt itself does not need it.
  useEffect(() => {
    let alive = true
    apiGet<StaffOrder>(`/orders/${encodeURIComponent(id)}`)
      .then((order) => alive && setTicket(ticketLabel(order)))
      .catch(() => {})
    return () => {
      alive = false
    }
  }, [id])

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads is the retry trigger
  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    apiSend<unknown>('POST', path, { format: 'lines', width }, { signal: controller.signal })
      .then((data) => setState({ status: 'ready', receipt: toReceiptLines(data) }))
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setState({ status: 'failed', detail: messageOf(error, '') })
      })
    return () => controller.abort()
  }, [path, width, reloads])

  const downloadPdf = useCallback(async () => {
    setPdf('running')
    try {
      const res = await apiRaw(
        'POST',
        path,
        { format: 'pdf', width },
        { headers: { Accept: 'application/pdf' } },
      )
      const blob = await res.blob()
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = filenameOf(res.headers.get('content-disposition'), `receipt-${id.slice(0, 8)}.pdf`)
      document.body.append(link)
      link.click()
      link.remove()
      // The download has its own copy; the URL can go once the click is handled.
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
      setPdf('idle')
    } catch (error) {
      setPdf({ failed: messageOf(error, '') })
    }
  }, [path, width, id])

  // The page: the roll's width (58 mm for 32 characters, else 80 mm) and the receipt's length.
  usePageStyle(
    `${pageRule(state.status === 'ready' ? state.receipt.lines : [], width)} @media print { .receipt__paper { font-size: ${printFontMm(width).toFixed(3)}mm; } }`,
  )

  return (
    <main id="main" className="receipt-page" style={{ ['--receipt-cols' as string]: width }}>
      <div className="receipt-page__toolbar">
        <Link to={paths.backend.order(id)}>← {t('receipt.back')}</Link>
        <h1 className="receipt-page__title">{t('receipt.title', { ticket }).trim()}</h1>
        <fieldset className="receipt-page__widths">
          <legend>{t('receipt.width')}</legend>
          {RECEIPT_WIDTHS.map((w) => (
            <label key={w} className="ui-check">
              <input
                type="radio"
                name={widthId}
                value={w}
                checked={w === width}
                onChange={() => {
                  setWidth(w as ReceiptWidth)
                  const next = new URLSearchParams(params)
                  next.set('width', String(w))
                  setParams(next, { replace: true })
                }}
              />
              <span>{t('receipt.widthOption', { width: w, paper: paperWidthMm(w as ReceiptWidth) })}</span>
            </label>
          ))}
        </fieldset>
        <div className="receipt-page__buttons">
          <Button icon="printer" disabled={state.status !== 'ready'} onClick={() => window.print()}>
            {t('receipt.print')}
          </Button>
          <Button
            variant="secondary"
            icon="download"
            disabled={pdf === 'running'}
            onClick={() => void downloadPdf()}
          >
            {pdf === 'running' ? t('receipt.pdfRunning') : t('receipt.pdf')}
          </Button>
        </div>
        {typeof pdf === 'object' ? (
          <Notice tone="danger" live="assertive">
            <p>{t('error.print')}</p>
            {pdf.failed ? <p>{pdf.failed}</p> : null}
          </Notice>
        ) : null}
      </div>
      {state.status === 'loading' ? <Spinner label={t('loading')} /> : null}
      {state.status === 'failed' ? (
        <Notice tone="danger" live="assertive">
          <p>{t('error.print')}</p>
          {state.detail ? <p>{state.detail}</p> : null}
          <Button small variant="secondary" onClick={() => setReloads((n) => n + 1)}>
            {t('retry')}
          </Button>
        </Notice>
      ) : null}
      {state.status === 'ready' ? <Receipt lines={state.receipt.lines} label={t('receipt.paper')} /> : null}
    </main>
  )
}

function Receipt({ lines, label }: { lines: PrintLine[]; label: string }) {
  return (
    <section className="receipt" aria-label={label}>
      <div className="receipt__paper" data-testid="receipt">
        {lines.map((line, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: printed lines repeat (rules, blanks) and never move
            key={i}
            className={`receipt__line${line.bold ? ' receipt__line--bold' : ''}${line.double ? ' receipt__line--double' : ''}`}
            // An empty line keeps its height with a no-break space; it prints nothing.
            data-empty={lineText(line) === '' || undefined}
          >
            {lineText(line) === '' ? '\u00a0' : lineText(line)}
          </div>
        ))}
      </div>
    </section>
  )
}

/**
 * A style sheet for as long as the page is shown. Adopted through the CSSOM rather than a
 * <style> element, which the back-office's Content-Security-Policy does not run (an @page size
 * cannot come from a custom property).
 */
function usePageStyle(css: string): void {
  useEffect(() => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet)
    }
  }, [css])
}
