export { type FakePrinter, startFakePrinter } from './fake-printer.ts'
