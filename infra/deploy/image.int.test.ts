import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import {
  createTestDatabase,
  freePort,
  type TestDatabase,
  testNatsUrl,
  uniqueSubjectRoot,
} from '@shop/kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildWithoutDocker, type EmulatedImage, REPO, readCompose } from './deploy-files.ts'

// The image of infra/deploy/Dockerfile built without Docker (issue 15: "the image build's steps
// run outside Docker"): its stages run in a temporary folder (buildWithoutDocker: the build
// context as .dockerignore leaves it from a copy of this checkout with a data/ folder, host
// node_modules, .git and a stale build planted in it; npm ci from npm's cache; the web apps'
// vite build). Then the image holds no data/, .git or host node_modules and no dev dependency,
// every service of docker-compose.yml starts from it with compose's environment on the real
// PostgreSQL and NATS, the first-run commands of docs/operations.md work in it, and its API
// serves the shop. What Docker would add and this does not: the base image's own files and npm,
// file owners (USER node), the network and the compose file's wiring (deploy-files.unit.test.ts
// reads that).

const exec = promisify(execFile)
const work = mkdtempSync(join(tmpdir(), 'shop-image-'))
const admin = { username: 'chef', password: 'ein-langes-geheimnis-2026' }
let image: EmulatedImage
let t: TestDatabase
const running: { name: string; url: string; child: ChildProcess; output: () => string }[] = []
let baseEnv: Record<string, string>

/** The checkout as a developer's machine has it: git's files and what git ignores planted. */
function hostCheckout(): string {
  const host = join(work, 'checkout')
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: REPO,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && existsSync(join(REPO, f)))
  for (const f of files) {
    mkdirSync(dirname(join(host, f)), { recursive: true })
    cpSync(join(REPO, f), join(host, f))
  }
  const planted: Record<string, string> = {
    'data/branches.json': '[{"id":"demo","apiKey":"host-secret-api-key"}]',
    'data/pglite/PG_VERSION': '17',
    'node_modules/.host-marker': 'host',
    'node_modules/vitest/package.json': '{"name":"vitest"}',
    'services/api/node_modules/.host-marker': 'host',
    '.git/HEAD': 'ref: refs/heads/main',
    'web/storefront/dist/stale-host-build.html': 'stale',
    '.env': 'STRIPE_SECRET_KEY=sk_live_host',
  }
  for (const [f, text] of Object.entries(planted)) {
    mkdirSync(dirname(join(host, f)), { recursive: true })
    writeFileSync(join(host, f), text)
  }
  return host
}

/** Starts one of the image's commands as compose would, with this test's database and NATS. */
async function startService(name: string, command: string[], env: Record<string, string>) {
  const port = await freePort()
  const child = spawn(process.execPath, command.slice(1), {
    cwd: image.dir,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (d) => {
    out += d
  })
  child.stderr?.on('data', (d) => {
    out += d
  })
  const url = `http://127.0.0.1:${port}`
  running.push({ name, url, child, output: () => out })
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${out}`)
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    )
    if (ready) return url
    if (Date.now() > deadline) throw new Error(`${name} not ready:\n${out}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** One of the image's commands to its end, with its input. */
function runInImage(args: string[], env: Record<string, string>, input?: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: image.dir, env, stdio: ['pipe', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => {
      output += d
    })
    child.stderr.on('data', (d) => {
      output += d
    })
    child.on('close', (code) => resolve({ code, output }))
    child.stdin.end(input ?? '')
  })
}

const compose = readCompose({})
const built = Object.entries(compose.services).filter(([, s]) => s.build)

beforeAll(async () => {
  const npmConfig = async (key: string) =>
    (await exec('npm', ['config', 'get', key], { encoding: 'utf8' })).stdout.trim()
  image = await buildWithoutDocker({
    context: hostCheckout(),
    workRoot: join(work, 'build'),
    npmCache: await npmConfig('cache'),
    npmUserConfig: await npmConfig('userconfig'),
  })
  t = await createTestDatabase({ max: 2 })
  baseEnv = {
    PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    ...image.env,
    DATA_DIR: join(work, 'home-data'),
    LOG_LEVEL: 'warn',
    PG_POOL_MAX: '2',
  }
}, 300_000)

afterAll(async () => {
  await Promise.all(
    running.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          child.once('exit', () => resolve())
          child.kill('SIGTERM')
        }),
    ),
  )
  await t?.drop()
  rmSync(work, { recursive: true, force: true })
})

/** Every path under `dir` (folders too), relative, without descending into node_modules. */
function tree(dir: string, prefix = ''): string[] {
  const out: string[] = []
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name
    out.push(path)
    if (entry.isDirectory() && entry.name !== 'node_modules') out.push(...tree(dir, path))
  }
  return out
}

describe('the image, built without Docker', () => {
  it('holds no data/, .git, host node_modules, .env or host build, and no dev dependency', () => {
    const paths = tree(image.dir)
    expect(paths.filter((p) => /(^|\/)(data|\.git|\.env)(\/|$)/.test(p))).toEqual([])
    expect(paths.filter((p) => p.endsWith('/node_modules') || p === 'node_modules')).toEqual(['node_modules'])
    expect(existsSync(join(image.dir, 'node_modules', '.host-marker'))).toBe(false)
    expect(existsSync(join(image.dir, 'web/storefront/dist/stale-host-build.html'))).toBe(false)
    const installed = readdirSync(join(image.dir, 'node_modules'))
    for (const dev of [
      'vitest',
      'vite',
      'typescript',
      'testcontainers',
      'playwright-core',
      'lighthouse',
      'node',
      'dependency-cruiser',
      '@biomejs/biome',
    ])
      expect(installed, dev).not.toContain(dev)
    // (yaml, a dev dependency of the root, is also @fastify/swagger's own: the API makes its
    // OpenAPI document at run time, so the image has it.)
    // Nor the compiler a production library names only as an optional peer (npm run image:prune).
    expect(installed).not.toContain('typescript')
    expect(installed).toEqual(expect.arrayContaining(['@fastify', 'i18next', 'fastify-type-provider-zod']))
    // Only the services' libraries: not the web apps' (they are built into dist/).
    for (const web of ['react', 'react-dom', 'echarts', 'maplibre-gl'])
      expect(installed, web).not.toContain(web)
    // The workspaces are linked inside the image, not to this checkout.
    expect(realpathSync(join(image.dir, 'node_modules/@shop/api'))).toBe(
      join(realpathSync(image.dir), 'services/api'),
    )
  })

  it('holds the built web apps where the API serves them from, and runs as node', () => {
    for (const app of ['storefront', 'backoffice']) {
      const html = readFileSync(join(image.dir, 'web', app, 'dist', 'index.html'), 'utf8')
      expect(html, app).toMatch(/<script type="module"[^>]+src="[^"]*\/assets\//)
    }
    expect(image.user).toBe('node')
    expect(image.env).toMatchObject({ NODE_ENV: 'production', DATA_DIR: '/home/node/data' })
    expect(existsSync(join(image.dir, image.cmd![1]!))).toBe(true)
  })

  it('runs every service of docker-compose.yml with its environment', async () => {
    const root = uniqueSubjectRoot()
    // One process per command (api1 for api1 and api2, gateway1 for both gateways).
    const first = built.filter(
      ([, s], i) => built.findIndex(([, o]) => o.command!.join(' ') === s.command!.join(' ')) === i,
    )
    await Promise.all(
      first.map(([name, service]) =>
        startService(name, service.command!, {
          ...baseEnv,
          ...Object.fromEntries(
            Object.entries(service.environment ?? {}).map(([k, v]) => [k, String(v ?? '')]),
          ),
          DATABASE_URL: t.url,
          NATS_URL: testNatsUrl(),
          NATS_SUBJECT_ROOT: root,
          HOST: '127.0.0.1',
        }),
      ),
    )
    expect(running.map((r) => r.name).sort()).toEqual([
      'api1',
      'gateway1',
      'notifier',
      'printer',
      'projector',
      'publisher',
    ])
  })

  it('the first run of docs/operations.md: catalogue and first admin, then the shop serves', async () => {
    const env = { ...baseEnv, DATABASE_URL: t.url }
    const seeded = await runInImage(['scripts/seed.ts'], env)
    expect(seeded.code, seeded.output).toBe(0)
    expect(seeded.output).toMatch(/demo data loaded into PostgreSQL/)
    const created = await runInImage(
      ['scripts/user-create.ts', '--username', admin.username, '--role', 'ROLE_ADMIN', '--password-stdin'],
      env,
      `${admin.password}\n`,
    )
    expect(created.code, created.output).toBe(0)
    const api = running.find((r) => r.name === 'api1')!.url
    const login = await fetch(`${api}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    })
    expect(login.status).toBe(200)
    await login.arrayBuffer()
    for (const [path, app] of [
      ['/', 'storefront'],
      ['/status/00000000-0000-0000-0000-000000000000/0123456789abcdef', 'storefront'],
      ['/backend', 'backoffice'],
    ] as const) {
      const res = await fetch(`${api}${path}`)
      expect(res.status, path).toBe(200)
      const built = readFileSync(join(image.dir, 'web', app, 'dist', 'index.html'), 'utf8')
      const body = await res.text()
      if (path === '/') {
        // The home page's head for crawlers is filled in (services/api/src/seo.ts); the page is
        // the built one: the same scripts.
        const scripts = (html: string) => [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1])
        expect(scripts(body), path).toEqual(scripts(built))
        expect(body, path).toMatch(/<link rel="canonical" href="[^"]+\/" \/>/)
      } else {
        expect(body, path).toBe(built)
      }
    }
    const branches = await fetch(`${api}/api/branches`)
    expect(branches.status).toBe(200)
    expect(await branches.text()).toContain('zuerich-altstadt')
  })
})
