import type { BranchDirectory, Db, Logger, Projection, StoredEvent } from '@shop/kit'
import { type DeviceConfig, listDevices } from '@shop/read-models'
import { orderStateAfterEvent } from '@shop/read-models/notifications'
import {
  encodeEscPos,
  kitchenTicketOf,
  layoutReceipt,
  layoutWidthOf,
  loadPrintData,
  receiptOf,
} from '@shop/read-models/print'
import type { PrintPurpose } from '@shop/shared/contracts'
import type { OrderState } from '@shop/shared/domain/ordering'

/** The printer service's checkpoint row (one per deployment; its instances share it). */
export const PRINTER_CHECKPOINT = 'printer'

/**
 * Which order events print, for which purpose: a new order on the `newOrder` printers, a
 * confirmed order on the `confirmedOrder` printers and, as the kitchen ticket, on the
 * `kitchenTicket` printers (the kitchen prepares what was confirmed).
 */
export const PURPOSES_OF_EVENT: Readonly<Record<string, readonly PrintPurpose[]>> = {
  OrderCreated: ['newOrder'],
  OrderConfirmed: ['confirmedOrder', 'kitchenTicket'],
}

/** A job's id: the event's and the printer's (and the purpose's), so a replay makes no second one. */
export const printJobId = (eventId: string, deviceId: string, purpose: PrintPurpose) =>
  `${eventId}:${deviceId}:${purpose}`

/**
 * The bytes a printer gets for an order as it stood after the event: the receipt (or the kitchen
 * ticket) in the printer's paper width, printed "at" the event's time, so a replay renders the
 * same bytes. The receipt's texts are German (the shop's default language).
 */
export function printBytes(
  order: OrderState,
  data: Awaited<ReturnType<typeof loadPrintData>>,
  printer: Pick<DeviceConfig, 'paperWidth'>,
  purpose: PrintPurpose,
  printedAt: string,
): Uint8Array {
  const receipt = receiptOf(order, { ...data, locale: 'de-CH', printedAt })
  const content = purpose === 'kitchenTicket' ? kitchenTicketOf(receipt) : receipt
  return encodeEscPos(layoutReceipt(content, layoutWidthOf(printer.paperWidth)))
}

export type PrintJobsProjectionOptions = {
  log: Logger
  checkpoint?: string
  /** Where a new checkpoint starts: the committed head (default; no past order prints) or the beginning. */
  startAt?: 'now' | 'beginning'
  /** After the commit: how many jobs the batch made (the sender is woken). */
  made?: (count: number) => void
  /**
   * The service's clock (the sender's): a job is due, and its age counted, from when it is made
   * by this clock, never by the event's time, which another clock may have stamped (a stage's
   * moved clock, another machine's).
   */
  now?: () => Date
}

/**
 * The print jobs, made from order events on the kit's projection runner, like the notifier's
 * jobs: in the transaction that moves the checkpoint, one row per (event, printer, purpose) with
 * a unique id, so every event makes its jobs exactly once, even when a batch is read again after
 * a crash. Durable (its commit waits for the WAL flush) and never replayed by a rebuild: a job
 * made twice would print twice. The bytes are rendered by the sender at the first send
 * (renderJob), when the order has its ticket number.
 */
export function printJobsProjection(opts: PrintJobsProjectionOptions): Projection {
  return {
    name: 'print-jobs',
    version: 1,
    checkpoint: opts.checkpoint ?? PRINTER_CHECKPOINT,
    tables: ['print_jobs'],
    streamTypes: ['order'],
    startAt: opts.startAt === 'beginning' ? 'beginning' : 'head',
    durable: true,
    rebuild: 'keep',
    async apply(trx, events, ctx) {
      if (ctx.rebuilding) return []
      const printing = events.filter((e) => PURPOSES_OF_EVENT[e.type] !== undefined)
      if (printing.length === 0) return []
      const printers = (await listDevices(trx)).filter(
        (d) => d.kind === 'printer' && d.host !== null && d.branch !== null && d.purposes.length > 0,
      )
      if (printers.length === 0) return []
      const rows = jobsFor(printing, printers, (opts.now ?? (() => new Date()))())
      if (rows.length === 0) return []
      const inserted = await trx
        .insertInto('print_jobs')
        .values(rows)
        .onConflict((oc) => oc.column('job_id').doNothing())
        .returning('job_id')
        .execute()
      if (inserted.length > 0) ctx.afterCommit?.(() => opts.made?.(inserted.length))
      return []
    },
  }
}

/** The order event's branch and order (its metadata and data; every order event carries both). */
function orderOf(e: StoredEvent): { orderId: string; branchId: string } | undefined {
  const data = e.data as { orderId?: unknown; branchId?: unknown }
  const branchId = typeof data.branchId === 'string' ? data.branchId : e.metadata.branchId
  const orderId = typeof data.orderId === 'string' ? data.orderId : e.streamId.replace(/^order-/, '')
  return typeof branchId === 'string' ? { orderId, branchId } : undefined
}

function jobsFor(events: readonly StoredEvent[], printers: readonly DeviceConfig[], madeAt: Date) {
  const rows: {
    job_id: string
    device_id: string
    branch_id: string
    order_id: string
    purpose: string
    source_id: string
    due_at: Date
    created_at: Date
  }[] = []
  for (const e of events) {
    const order = orderOf(e)
    if (!order) continue
    for (const purpose of PURPOSES_OF_EVENT[e.type] ?? [])
      for (const printer of printers) {
        if (printer.branch !== order.branchId || !printer.purposes.includes(purpose)) continue
        rows.push({
          job_id: printJobId(e.eventId, printer.id, purpose),
          device_id: printer.id,
          branch_id: order.branchId,
          order_id: order.orderId,
          purpose,
          source_id: e.eventId,
          due_at: madeAt,
          created_at: madeAt,
        })
      }
  }
  return rows
}

export type Rendered = { bytes: Uint8Array } | { wait: true } | { error: string }

/**
 * A job's bytes: the order as it stood right after the job's event (read from the store), the
 * receipt data as it is now (its ticket number among them), "printed" at the event's time. While
 * the order has no ticket number yet (the projector numbers it a moment after the event) and the
 * shop uses tickets, `wait` for up to `ticketWaitMs` after the event.
 */
export async function renderJob(
  db: Db,
  branches: Pick<BranchDirectory, 'get'>,
  job: { source_id: string | null; purpose: string },
  printer: Pick<DeviceConfig, 'paperWidth'>,
  now: Date,
  ticketWaitMs: number,
): Promise<Rendered> {
  if (!job.source_id) return { error: 'Der Auftrag hat kein Ereignis.' }
  const after = await orderStateAfterEvent(db, job.source_id)
  if (!after) return { error: 'Das Ereignis des Auftrags fehlt.' }
  const { order, createdAt } = after
  if (!order) return { error: 'Die Bestellung des Auftrags fehlt.' }
  const data = await loadPrintData(db, branches, order)
  if (
    data.ticketNumber === null &&
    !data.config?.disableTickets &&
    now.getTime() - createdAt.getTime() < ticketWaitMs
  )
    return { wait: true }
  return { bytes: printBytes(order, data, printer, job.purpose as PrintPurpose, createdAt.toISOString()) }
}
