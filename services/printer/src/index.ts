// The printer service (issue 21, docs/devices.md): print jobs made from order events (the
// print-jobs projection on the kit's runner) and sent to network receipt printers over TCP.
export {
  PRINTER_CHECKPOINT,
  PURPOSES_OF_EVENT,
  printBytes,
  printJobId,
  printJobsProjection,
  type Rendered,
  renderJob,
} from './print-jobs.projection.ts'
export { type PrinterService, type PrinterServiceOptions, startPrinterService } from './printer.ts'
export {
  claimDueJobs,
  DEFAULT_PRINT_RETRY,
  type PrinterTransport,
  type PrintRetryPolicy,
  printBackoffMs,
  sendJobs,
} from './sender.ts'
