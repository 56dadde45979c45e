import { type Db, HttpError, msg, type StaffUser, safeEqual, toStaffUser } from '@shop/kit'
import { findUserByUsername } from '@shop/read-models'

/**
 * The user of the time-tracking terminal by access token and username (spec §1: no login). A
 * wrong pair, a wrong part of it, or a switched-off account all answer the same 404: nothing
 * tells which part was wrong.
 */
export async function terminalUser(db: Db, token: string, username: string): Promise<StaffUser> {
  const row = await findUserByUsername(db, username)
  const stored = typeof row?.data.accessToken === 'string' ? row.data.accessToken : ''
  if (!row || stored === '' || !safeEqual(stored, token) || row.data.isEnabled === false)
    throw new HttpError(404, msg('notFound'))
  return toStaffUser(row.id, row.data)
}
