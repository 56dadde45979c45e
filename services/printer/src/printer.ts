import {
  type BranchDirectory,
  type Bus,
  type Db,
  type Logger,
  startProjectionRunner,
  WakeSignal,
} from '@shop/kit'
import { listDevices, markDeviceError, markDeviceSeen } from '@shop/read-models'
import { PrinterError, probePrinter, sendToPrinter } from '@shop/read-models/print'
import { printJobsProjection } from './print-jobs.projection.ts'
import {
  claimDueJobs,
  DEFAULT_PRINT_RETRY,
  msUntilNextJob,
  type PrinterTransport,
  type PrintRetryPolicy,
  type SenderOptions,
  sendJobs,
} from './sender.ts'

export type PrinterServiceOptions = {
  db: Db
  bus: Bus
  log: Logger
  branches: Pick<BranchDirectory, 'get'>
  /** The clock of due times, back-offs and leases (tests move it); default the real one. */
  now?: () => Date
  /** How bytes reach a printer; default ESC/POS over TCP (sendToPrinter). */
  transport?: PrinterTransport
  retry?: Partial<PrintRetryPolicy>
  leaseMs?: number
  /** Longest sleep of the loops when nothing wakes them (ms). */
  pollMs?: number
  /** How often every printer is probed for the status (a TCP connect, nothing printed); 0: never. */
  probeMs?: number
  checkpoint?: string
  startAt?: 'now' | 'beginning'
  /** How long a job waits for its order's ticket number (the projector's) before it prints without. */
  ticketWaitMs?: number
}

export type PrinterService = {
  /** Reads the committed events into print jobs until caught up. */
  catchUp(): Promise<number>
  /** Claims and sends every due job now; returns how many were claimed. */
  sendDue(): Promise<number>
  /** Probes every printer once. */
  probe(): Promise<void>
  kick(): void
  stop(): Promise<void>
}

/**
 * The printer service (issue 21, docs/devices.md "Print jobs"), built like the notifier: the
 * print-jobs projection on the kit's projection runner turns order events into jobs (exactly
 * once: the jobs and the checkpoint commit together, the job ids are unique), and the sender loop
 * claims due jobs and sends them over TCP, retrying with exponential back-off (1 s, 2 s, 4 s …
 * up to 30 s) until printed or older than 24 h. A probe loop connects to every printer now and
 * then for the status (online / last error).
 */
export function startPrinterService(opts: PrinterServiceOptions): PrinterService {
  const now = opts.now ?? (() => new Date())
  const pollMs = opts.pollMs ?? 1000
  const signal = new WakeSignal()
  let running = true
  const sender: SenderOptions = {
    db: opts.db,
    log: opts.log,
    now,
    transport: opts.transport ?? ((host, port, bytes) => sendToPrinter(host, port, bytes)),
    retry: { ...DEFAULT_PRINT_RETRY, ...opts.retry },
    leaseMs: opts.leaseMs ?? 120_000,
    batchSize: 50,
    branches: opts.branches,
    ticketWaitMs: opts.ticketWaitMs ?? 10_000,
  }
  const runner = startProjectionRunner({
    db: opts.db,
    bus: opts.bus,
    log: opts.log,
    projections: [
      printJobsProjection({
        log: opts.log,
        ...(opts.checkpoint ? { checkpoint: opts.checkpoint } : {}),
        startAt: opts.startAt ?? 'now',
        made: () => signal.notify(),
        now,
      }),
    ],
    batchSize: 200,
    idlePollMs: pollMs,
  })

  // Each printer's claimed jobs are sent by their own task: a printer that does not answer (up to
  // the TCP timeout) holds up only its own jobs, and the loop claims the others' meanwhile.
  const inFlight = new Map<string, Promise<void>>()
  const dispatch = async (): Promise<number> => {
    const jobs = await claimDueJobs(sender, [...inFlight.keys()])
    const byDevice = new Map<string, typeof jobs>()
    for (const job of jobs) byDevice.set(job.device_id, [...(byDevice.get(job.device_id) ?? []), job])
    for (const [deviceId, list] of byDevice) {
      const task = sendJobs(sender, list)
        .catch((err) => opts.log.error({ err, deviceId }, 'print jobs not sent'))
        .finally(() => {
          inFlight.delete(deviceId)
          signal.notify()
        })
      inFlight.set(deviceId, task)
    }
    return jobs.length
  }
  /** Claims and sends until nothing due is left, and waits for the sends. */
  const sendDue = async (): Promise<number> => {
    let total = 0
    for (;;) {
      const n = await dispatch()
      total += n
      await Promise.all(inFlight.values())
      if (n === 0 || !running) return total
    }
  }

  const sending = (async () => {
    let failures = 0
    while (running) {
      let wait = pollMs
      try {
        while ((await dispatch()) === sender.batchSize && running) {}
        const due = await msUntilNextJob(opts.db, now(), [...inFlight.keys()])
        if (due !== undefined) wait = Math.min(pollMs, Math.max(due, 10))
        failures = 0
      } catch (err) {
        if (!running) break
        opts.log.error({ err }, 'print sender round failed')
        wait = Math.min(30_000, 250 * 2 ** Math.min(failures++, 7))
      }
      await signal.wait(wait)
    }
  })()

  const probe = async () => {
    const printers = (await listDevices(opts.db)).filter((d) => d.kind === 'printer' && d.host !== null)
    await Promise.all(
      printers.map(async (p) => {
        try {
          await probePrinter(p.host!, p.port)
          await markDeviceSeen(opts.db, p.id, now())
        } catch (err) {
          await markDeviceError(opts.db, p.id, err instanceof PrinterError ? err.message : String(err), now())
        }
      }),
    )
  }
  const probeMs = opts.probeMs ?? 30_000
  const probeSignal = new WakeSignal()
  const probing =
    probeMs > 0
      ? (async () => {
          while (running) {
            await probeSignal.wait(probeMs)
            if (!running) break
            await probe().catch((err) => opts.log.warn({ err }, 'printer probe failed'))
          }
        })()
      : Promise.resolve()

  return {
    catchUp: () => runner.catchUp(),
    sendDue,
    probe,
    kick() {
      runner.kick()
      signal.notify()
    },
    async stop() {
      running = false
      signal.notify()
      probeSignal.notify()
      await Promise.all([runner.stop(), sending, probing])
      await Promise.all(inFlight.values())
    },
  }
}
