import { type Db, HttpError, msg } from '@shop/kit'
import { findBranchOperations, findResource, productsByUid } from '@shop/read-models'
import { availabilityQuerySchema, availabilitySchema, dataOf } from '@shop/shared/contracts'
import { activeOperations, busyModeOf } from '@shop/shared/domain/operations'
import {
  availabilityDays,
  branchAvailability,
  type LeadTime,
  type OrderType,
  unavailableMessage,
} from '@shop/shared/domain/scheduling'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { toCheckoutBranch } from '../checkout/checkout-data.ts'
import { beforeValidation, errorAnswers, idParams, typed } from '../http-schemas.ts'

// The time picker's, kiosk's and checkout's one source of truth for "when can I order": the
// shared scheduling rules in the branch's time zone, with the cart's lead times.

const ENABLED_FLAG: Record<OrderType, string> = {
  takeaway: 'isTakeawayEnabled',
  delivery: 'isDeliveryEnabled',
  dineIn: 'isDineInEnabled',
}

export async function availabilityRoutes(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date },
): Promise<void> {
  // An unknown branch answers 404 whatever the query was.
  const branchOf = beforeValidation(async (req: FastifyRequest) => {
    const branch = await findResource(deps.db, 'branch', (req.params as { id: string }).id)
    if (!branch) throw new HttpError(404, msg('notFound'))
    return branch
  })
  typed(app).get(
    '/api/branches/:id/availability',
    {
      preValidation: branchOf.preValidation,
      schema: {
        summary:
          "When a branch takes orders of a type: its days and time windows in the branch's time zone, with the cart's lead times (anyone)",
        tags: ['storefront'],
        params: idParams,
        querystring: availabilityQuerySchema,
        response: { 200: dataOf(availabilitySchema), ...errorAnswers(400, 404) },
      },
    },
    async (req, reply) => {
      const branch = branchOf.of(req)
      const query = req.query
      const b = branch.data
      const enabled = b[ENABLED_FLAG[query.orderType]]
      if (enabled !== true && !(query.orderType === 'takeaway' && enabled === undefined)) {
        throw new HttpError(400, msg('orderTypeUnavailable'), 'orderType')
      }

      const leadTimes: LeadTime[] = []
      if (query.products.length > 0) {
        const rows = await productsByUid(deps.db, query.products)
        const missing = query.products.filter((uid) => !rows.some((r) => r.uid === uid))
        if (missing.length > 0)
          throw new HttpError(400, msg('unknownProducts', { uids: missing.join(', ') }), 'products')
        for (const r of rows) leadTimes.push(r.data as unknown as LeadTime)
      }

      // The branch as the checkout reads it: the same hours, zone and pickup time, and the same
      // busy mode (paused, extra preparation time) from its operations, read fresh.
      const now = deps.now()
      const checkoutBranch = toCheckoutBranch(branch.id, b)
      const operations = activeOperations(
        (await findBranchOperations(deps.db, branch.id)).state,
        now.getTime(),
      )
      const availability = branchAvailability(checkoutBranch, query.orderType, now, {
        leadTimes,
        busy: busyModeOf(operations, checkoutBranch),
      })
      const from = query.from ?? availability.today
      const iso = (ms: number) => new Date(ms).toISOString()
      // Every branch's answer changes with the clock and with the branch's busy mode: a short
      // shared cache at most (the storefront asks again without it when the busy mode changed).
      reply.header('cache-control', 'public, max-age=30')
      return {
        data: {
          branch: { id: branch.id },
          orderType: query.orderType,
          timeZone: availability.timeZone,
          stepMinutes: availability.stepMinutes,
          earliest: iso(availability.earliest),
          firstSlot: availability.firstSlot === null ? null : iso(availability.firstSlot),
          // Every asked date is answered: past the 180-day horizon as 'beyond-horizon'.
          days: availabilityDays(availability, from, query.days).map((d) => ({
            date: d.date,
            isoWeek: d.isoWeek,
            isAvailable: d.isAvailable,
            reason: d.reason,
            message: d.reason ? unavailableMessage(d.reason, availability, req.locale).message : null,
            windows: d.windows.map((w) => ({
              from: w.from,
              to: w.to,
              first: iso(w.first),
              last: iso(w.last),
            })),
          })),
          pause:
            availability.pause === null
              ? null
              : {
                  until: iso(availability.pause.until),
                  laterTimes: availability.pause.laterTimes,
                  resumesAt: availability.pause.resumesAt === null ? null : iso(availability.pause.resumesAt),
                  message: unavailableMessage('paused', availability, req.locale).message,
                },
          preparation:
            availability.preparation === null
              ? null
              : {
                  extraMinutes: availability.preparation.extraMinutes,
                  until: iso(availability.preparation.until),
                },
          // Closed without pre-orders: nothing is offered, as the checkout refuses (issue 18).
          closedNow:
            availability.closedNow === null
              ? null
              : {
                  opensAt:
                    availability.closedNow.opensAt === null ? null : iso(availability.closedNow.opensAt),
                  message: unavailableMessage('closed-now', availability, req.locale).message,
                },
        },
      }
    },
  )
}
