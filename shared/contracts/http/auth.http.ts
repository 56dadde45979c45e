import { z } from 'zod'

// POST /api/login, GET /api/users/me and the time-tracking terminal's
// GET /api/time-tracking/{token}/{username}/me: the spec's 'me' record.

/** The signed-in staff member: roles, and the user with the branches they work for. */
export const meRecordSchema = z
  .strictObject({
    roles: z.array(z.string()),
    user: z.strictObject({
      id: z.string(),
      username: z.string(),
      displayName: z.string(),
      branches: z.array(z.strictObject({ id: z.string() })),
    }),
  })
  .meta({ id: 'MeRecord' })
export type MeRecord = z.infer<typeof meRecordSchema>
