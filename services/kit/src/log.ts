import { type Logger, pino } from 'pino'

export type { Logger }

export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name, level, base: { service: name } })
}

export const silentLogger: Logger = pino({ level: 'silent' })
