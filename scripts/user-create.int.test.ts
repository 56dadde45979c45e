import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// `npm run user:create` (scripts/user-create.ts): the first admin of a new shop (docs/operations.md)
// with the password from standard input or SHOP_USER_PASSWORD, never needing it on the command
// line; the user is a resource like one the back-office makes and logs in through the API.

const script = fileURLToPath(new URL('./user-create.ts', import.meta.url))
let s: TestStack

beforeAll(async () => {
  s = await startTestStack({ catalogue: false, notifier: false })
})
afterAll(async () => {
  await s?.close()
})

function userCreate(args: string[], opts: { input?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: s.db.url, LOG_LEVEL: 'warn', ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => {
      output += d
    })
    child.stderr.on('data', (d) => {
      output += d
    })
    child.on('close', (code) => resolve({ code, output }))
    child.stdin.end(opts.input ?? '')
  })
}

const login = (username: string, password: string) =>
  fetch(`${s.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))

describe('user:create', () => {
  it('--password-stdin: an admin from the first line of the input, who logs in through the API', async () => {
    const made = await userCreate(['--username', 'chef', '--role', 'ROLE_ADMIN', '--password-stdin'], {
      input: 'ein langes Geheimnis\nnot this line\n',
    })
    expect(made.code, made.output).toBe(0)
    expect(made.output).toMatch(/^created user chef \(ROLE_ADMIN\) with id /)
    const ok = await login('chef', 'ein langes Geheimnis')
    expect(ok.status).toBe(200)
    expect(ok.body.data.roles).toEqual(['ROLE_ADMIN'])
    // A resource with its event, as the back-office makes it; the password only as an argon2id hash.
    const { rows } = await sql<{ type: string; hash: string }>`
      SELECT r.type, c.password_hash AS hash FROM rm_resources r
        JOIN auth_credentials c ON c.user_id = r.id
       WHERE r.type = 'user' AND r.data->>'username' = 'chef'`.execute(s.db.db)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.hash).toMatch(/^\$argon2id\$/)
  })

  it('SHOP_USER_PASSWORD: an employee of a branch', async () => {
    const made = await userCreate(['--username', 'lena', '--role', 'ROLE_EMPLOYEE', '--branch', 'b1'], {
      env: { SHOP_USER_PASSWORD: 'noch ein Geheimnis' },
    })
    expect(made.code, made.output).toBe(0)
    expect((await login('lena', 'noch ein Geheimnis')).status).toBe(200)
  })

  it('refuses a short password, two password sources and a taken username, and creates nothing', async () => {
    const short = await userCreate(['--username', 'kurz', '--role', 'ROLE_ADMIN', '--password-stdin'], {
      input: 'kurz\n',
    })
    expect(short.code).toBe(2)
    expect(short.output).toMatch(/password: at least 10 characters/)
    const both = await userCreate(
      [
        '--username',
        'beide',
        '--role',
        'ROLE_ADMIN',
        '--password',
        'ein langes Geheimnis',
        '--password-stdin',
      ],
      { input: 'ein langes Geheimnis\n' },
    )
    expect(both.code).toBe(2)
    const none = await userCreate(['--username', 'ohne', '--role', 'ROLE_ADMIN'])
    expect(none.code).toBe(2)
    const taken = await userCreate(['--username', 'chef', '--role', 'ROLE_ADMIN', '--password-stdin'], {
      input: 'ein anderes Geheimnis\n',
    })
    expect(taken.code, taken.output).toBe(1)
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM rm_resources WHERE type = 'user'`.execute(s.db.db)
    expect(rows[0]!.n).toBe(2)
    expect((await login('chef', 'ein anderes Geheimnis')).status).toBe(401)
  })
})
