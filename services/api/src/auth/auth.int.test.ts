import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../resources/users.ts'
import { call, login } from '../testing/staff-session.ts'

let s: TestStack
beforeAll(async () => {
  s = await startTestStack()
  await createUser(
    { db: s.db.db },
    { username: 'chefin', password: 'richtig-geheim-1', roles: ['ROLE_ADMIN'] },
  )
  await createUser(
    { db: s.db.db },
    { username: 'lena', password: 'richtig-geheim-2', roles: ['ROLE_EMPLOYEE'], branches: [{ id: 'b1' }] },
  )
  await createUser(
    { db: s.db.db },
    { username: 'sperre', password: 'richtig-geheim-3', roles: ['ROLE_ADMIN'] },
  )
})
afterAll(async () => {
  await s?.close()
})

describe('staff login', () => {
  it('sets an http-only, secure session cookie and a readable CSRF cookie; /users/me answers the me record', async () => {
    const res = await fetch(`${s.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'Chefin', password: 'richtig-geheim-1' }),
    })
    expect(res.status).toBe(200)
    const cookies = res.headers.getSetCookie()
    const session = cookies.find((c) => c.startsWith('shop_session='))!
    const csrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!
    expect(session).toMatch(/HttpOnly/)
    expect(session).toMatch(/Secure/)
    expect(session).toMatch(/SameSite=Lax/)
    expect(csrf).not.toMatch(/HttpOnly/)
    const body = (await res.json()) as any
    expect(body.data).toMatchObject({ roles: ['ROLE_ADMIN'], user: { username: 'chefin' } })
    expect(JSON.stringify(body)).not.toMatch(/password/i)

    const { headers } = await login(s.url, 'chefin', 'richtig-geheim-1')
    const me = await call(s.url, 'GET', '/api/users/me', { headers })
    expect(me.status).toBe(200)
    expect(me.body.data.user.username).toBe('chefin')
    expect((await call(s.url, 'GET', '/api/users/me')).status).toBe(401)
  })

  it('wrong password or unknown user: 401 with the same message; bad body: 400', async () => {
    const wrong = await login(s.url, 'lena', 'falsch-falsch')
    const unknown = await login(s.url, 'niemand', 'falsch-falsch')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
    expect((await call(s.url, 'POST', '/api/login', { body: { username: 'lena' } })).status).toBe(400)
  })

  it('slows a username down after 5 failures from an address and says how long (login-throttle.int.test.ts has the rest)', async () => {
    for (let i = 0; i < 5; i++) expect((await login(s.url, 'sperre', `falsch-${i}`)).status).toBe(401)
    const locked = await login(s.url, 'sperre', 'richtig-geheim-3')
    expect(locked.status).toBe(429)
    expect(locked.body.errors[0].message).toBe(
      'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 1 Minute erneut.',
    )
    // Once the wait has passed, the right password gets in.
    await sql`UPDATE auth_login_throttle SET last_at = last_at - interval '1 minute'`.execute(s.db.db)
    expect((await login(s.url, 'sperre', 'richtig-geheim-3')).status).toBe(200)
  })

  it('a state-changing request on the session cookie needs the CSRF header (double submit)', async () => {
    const { headers } = await login(s.url, 'chefin', 'richtig-geheim-1')
    const body = { name: 'Neu-Tag' }
    const noHeader = await call(s.url, 'POST', '/api/tags', { headers: { cookie: headers.cookie! }, body })
    expect(noHeader.status).toBe(403)
    const forged = await call(s.url, 'POST', '/api/tags', {
      headers: { ...headers, 'x-xsrf-token': 'forged' },
      body,
    })
    expect(forged.status).toBe(403)
    const ok = await call(s.url, 'POST', '/api/tags', { headers, body })
    expect(ok.status).toBe(201)
    const { rows } = await sql<{
      n: string
    }>`SELECT count(*)::text AS n FROM rm_resources WHERE type = 'tag'`.execute(s.db.db)
    expect(rows[0]!.n).toBe('1')
  })

  it('logout ends the session', async () => {
    const { headers } = await login(s.url, 'lena', 'richtig-geheim-2')
    expect((await call(s.url, 'GET', '/api/users/me', { headers })).status).toBe(200)
    expect((await call(s.url, 'POST', '/api/logout', { headers })).status).toBe(200)
    expect((await call(s.url, 'GET', '/api/users/me', { headers })).status).toBe(401)
  })

  it('password hashes are argon2id and stay out of the events', async () => {
    const { rows } = await sql<{
      h: string
    }>`SELECT password_hash AS h FROM auth_credentials LIMIT 1`.execute(s.db.db)
    expect(rows[0]!.h).toMatch(/^\$argon2id\$/)
    const leaked =
      await sql`SELECT 1 FROM es_events WHERE data::text ILIKE '%argon2%' OR data::text ILIKE '%password%'`.execute(
        s.db.db,
      )
    expect(leaked.rows).toHaveLength(0)
  })
})

describe('dead sessions and disabled accounts (spec §8 messages)', () => {
  it('a cookie whose session ended says the session expired; no cookie asks to log in', async () => {
    const { headers } = await login(s.url, 'lena', 'richtig-geheim-2')
    expect((await call(s.url, 'POST', '/api/logout', { headers })).status).toBe(200)
    const after = await call(s.url, 'GET', '/api/users/me', { headers })
    expect(after.status).toBe(401)
    expect(after.body.errors[0].message).toBe('Ihre Sitzung ist abgelaufen, oder Cookies sind deaktiviert.')
    await login(s.url, 'lena', 'richtig-geheim-2').then(async ({ headers: h }) => {
      await sql`UPDATE auth_sessions SET expires_at = now() - interval '1 second'`.execute(s.db.db)
      const expired = await call(s.url, 'GET', '/api/users/me', {
        headers: { ...h, 'accept-language': 'en' },
      })
      expect(expired.status).toBe(401)
      expect(expired.body.errors[0].message).toBe('Your session has timed out, or you have disabled cookies.')
    })
    const none = await call(s.url, 'GET', '/api/users/me')
    expect(none.body.errors[0].message).toBe('Bitte melden Sie sich an.')
  })

  it('a disabled account: the right password learns it is disabled, a wrong one does not; its session stops', async () => {
    await createUser(
      { db: s.db.db },
      {
        username: 'ehemalig',
        password: 'richtig-geheim-4',
        roles: ['ROLE_EMPLOYEE'],
        branches: [{ id: 'b1' }],
      },
    )
    const { headers } = await login(s.url, 'ehemalig', 'richtig-geheim-4')
    expect((await call(s.url, 'GET', '/api/users/me', { headers })).status).toBe(200)
    // The user resource has no switch in the API yet (imported accounts may carry one).
    await sql`UPDATE rm_resources SET data = data || '{"isEnabled": false}'::jsonb
               WHERE type = 'user' AND data->>'username' = 'ehemalig'`.execute(s.db.db)
    const right = await login(s.url, 'ehemalig', 'richtig-geheim-4')
    expect(right.status).toBe(401)
    expect(right.body.errors[0].message).toBe('Das Benutzerkonto ist deaktiviert.')
    const wrong = await login(s.url, 'ehemalig', 'falsch-falsch')
    expect(wrong.status).toBe(401)
    expect(wrong.body.errors[0].message).toBe('Ungültige Anmeldedaten.')
    const session = await call(s.url, 'GET', '/api/users/me', { headers })
    expect(session.status).toBe(401)
    expect(session.body.errors[0].message).toBe('Das Benutzerkonto ist deaktiviert.')
    const fr = await call(s.url, 'GET', '/api/orders/board/b1', {
      headers: { ...headers, 'accept-language': 'fr' },
    })
    expect(fr.status).toBe(401)
    expect(fr.body.errors[0].message).toBe('Le compte est désactivé.')
  })
})

describe('authentication messages in the caller language', () => {
  it('answers in French and English when asked', async () => {
    const fr = await call(s.url, 'GET', '/api/users/me', { headers: { 'accept-language': 'fr-CH' } })
    expect(fr.body.errors[0].message).toBe('Veuillez vous connecter.')
    const en = await call(s.url, 'POST', '/api/login', {
      headers: { 'accept-language': 'en' },
      body: { username: 'chefin', password: 'falsch' },
    })
    expect(en.body.errors[0].message).toBe('Invalid credentials.')
  })
})

describe('time tracking access', () => {
  it('opens by access token + username; a wrong pair is the same 404', async () => {
    const { headers } = await login(s.url, 'chefin', 'richtig-geheim-1')
    const users = await call(s.url, 'GET', '/api/users', { headers })
    const lena = users.body.data.find((u: { username: string }) => u.username === 'lena')
    expect(lena.accessToken).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    const me = await call(s.url, 'GET', `/api/time-tracking/${lena.accessToken}/lena/me`)
    expect(me.status).toBe(200)
    expect(me.body.data.user.username).toBe('lena')
    const wrongToken = await call(s.url, 'GET', '/api/time-tracking/falsch/lena/me')
    const wrongUser = await call(s.url, 'GET', `/api/time-tracking/${lena.accessToken}/chefin/me`)
    expect(wrongToken.status).toBe(404)
    expect(wrongUser.status).toBe(404)
    expect(wrongToken.body).toEqual(wrongUser.body)
  })
})
