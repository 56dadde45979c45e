import { parseArgs } from 'node:util'
import { createUser } from '@shop/api/resources'
import { errorBody, HttpError, loadConfigOrExit, migrateToLatest } from '@shop/kit'
import { openShopDatabase } from './db.ts'

// npm run user:create -- --username NAME --role ROLE_ADMIN [--branch ID ...] with the password
// from --password-stdin (the first line of the input), SHOP_USER_PASSWORD or --password (seen by
// everyone who lists the machine's processes, and kept in the shell's history).
// The user is a resource like one the back-office creates (createUser: argon2id hash beside it).
// Works on a fresh DATA_DIR before the first start and on an empty DATABASE_URL: it migrates
// first. Needs production dependencies only: it runs in the image (docs/operations.md).
const ROLES = ['ROLE_ADMIN', 'ROLE_EMPLOYEE']
const usage =
  'usage: npm run user:create -- --username NAME --role ROLE_ADMIN|ROLE_EMPLOYEE [--role …] [--branch ID …] [--display-name NAME]\n' +
  '       with the password from --password-stdin, SHOP_USER_PASSWORD or --password SECRET\n'

let args: ReturnType<typeof parse>
function parse() {
  return parseArgs({
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      role: { type: 'string', multiple: true },
      branch: { type: 'string', multiple: true },
      'display-name': { type: 'string' },
    },
    strict: true,
  })
}
try {
  args = parse()
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n${usage}`)
  process.exit(2)
}
/** The first line of the standard input (a pipe or a file: `< secret.txt`, `printf … |`). */
async function firstLineOfStdin(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) {
    text += String(chunk)
    if (text.includes('\n')) break
  }
  return text.split(/\r?\n/)[0] ?? ''
}

// The environment, read once (docs/configuration.md): SHOP_USER_PASSWORD and the database.
const config = loadConfigOrExit()
const { username, role = [], branch = [] } = args.values
const problems: string[] = []
const sources = [args.values['password-stdin'], args.values.password !== undefined].filter(Boolean).length
if (sources > 1) problems.push('--password and --password-stdin: give one of them')
const password = args.values['password-stdin']
  ? await firstLineOfStdin()
  : (args.values.password ?? config.userPassword)
if (!username || !/^[A-Za-z0-9._@-]{3,64}$/.test(username))
  problems.push('--username: 3 to 64 letters, digits or . _ @ -')
if (!password || password.length < 10) problems.push('password: at least 10 characters')
if (role.length === 0 || role.some((r) => !ROLES.includes(r)))
  problems.push(`--role: one or more of ${ROLES.join(', ')}`)
if (role.includes('ROLE_EMPLOYEE') && !role.includes('ROLE_ADMIN') && branch.length === 0) {
  problems.push('--branch: an employee needs at least one branch')
}
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n${usage}`)
  process.exit(2)
}

const db = await openShopDatabase(config)
try {
  await migrateToLatest(db.db as never)
  const user = await createUser(
    { db: db.db },
    {
      username: username!,
      password: password!,
      displayName: args.values['display-name'] ?? username!,
      roles: role,
      branches: branch.map((id) => ({ id })),
    },
  )
  process.stdout.write(`created user ${username} (${role.join(', ')}) with id ${user.id}\n`)
} catch (err) {
  if (err instanceof HttpError) {
    process.stderr.write(
      `${errorBody(err.errors, undefined)
        .errors.map((e) => `${e.field || 'error'}: ${e.message}`)
        .join('\n')}\n`,
    )
    process.exitCode = 1
  } else {
    throw err
  }
} finally {
  await db.close()
}
