import { z } from 'zod'
import { LEAD_TIME_TYPES } from './lead-time.ts'
import { OPENING_HOURS_RULE_TYPES } from './opening-hours.ts'
import { isLocalDate, isValidTimeZone, parseTimeOfDay } from './zoned-time.ts'

// Boundary validation for stored or submitted scheduling data. The rule functions themselves
// skip a malformed rule instead of throwing, so one bad row cannot take a branch offline;
// these schemas are where such a row is rejected with a reason.

export const localDateSchema = z.string().refine(isLocalDate, { message: 'Expected a date YYYY-MM-DD' })
export const localTimeSchema = z
  .string()
  .refine((value) => parseTimeOfDay(value) !== null, { message: 'Expected a time HH:MM' })
/** A closing time may also be '24:00'. */
export const closingTimeSchema = z
  .string()
  .refine((value) => parseTimeOfDay(value, { allowEndOfDay: true }) !== null, {
    message: 'Expected a time HH:MM or 24:00',
  })
export const timeZoneSchema = z.string().refine(isValidTimeZone, { message: 'Unknown time zone' })

export const openingHoursRuleSchema = z
  .object({
    type: z.enum(OPENING_HOURS_RULE_TYPES),
    date: localDateSchema.nullish(),
    isClosed: z.boolean(),
    from: localTimeSchema,
    to: closingTimeSchema,
  })
  .refine((rule) => rule.type !== 'once' || typeof rule.date === 'string', {
    message: 'A once rule needs a date',
    path: ['date'],
  })

export const openingHoursRulesSchema = z.array(openingHoursRuleSchema)

export const leadTimeSchema = z.object({
  isLeadTimeEnabled: z.boolean(),
  leadTimeType: z.enum(LEAD_TIME_TYPES),
  leadTimeValue: z.number().min(0),
})
