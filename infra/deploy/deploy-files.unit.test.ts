import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { sameOrigin } from '@shop/gateway'
import { DEFAULT_LIMITS, loadConfig } from '@shop/kit'
import { afterAll, describe, expect, it } from 'vitest'
import { wireLimit } from '../../services/api/src/files/files.routes.ts'
import {
  contextFiles,
  copyParts,
  dockerignore,
  type Instruction,
  interpolationsOf,
  nginxBlocks,
  parseDockerfile,
  REPO,
  reachOf,
  readCompose,
  readDockerfile,
  readNginx,
  stagesOf,
  workspaceFolders,
} from './deploy-files.ts'

// The deploy files checked as far as a machine without Docker, compose and nginx allows (issue
// 15): docker-compose.yml parses with nothing set in the environment, every service's entry
// point exists, needs production dependencies only and is given exactly the variables its code
// reads; the Dockerfile's COPY sources are in the build context and its build commands exist;
// .dockerignore keeps data/, node_modules, .git and everything git ignores out of the context;
// nginx.conf passes the Host (with its port) and the client's address on both locations.
// The build's steps themselves run in image.int.test.ts. Not checked here: that Docker, compose
// and nginx accept the files as this reading does (no engine to ask).

const compose = readCompose({})
const composeText = readFileSync(join(REPO, 'docker-compose.yml'), 'utf8')
/** The services built from this repository's image (the others are postgres, nats, nginx). */
const built = Object.entries(compose.services).filter(([, s]) => s.build)
const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean }>
}
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>
}
const instructions = readDockerfile()
const stages = stagesOf(instructions)
const runtime = stages.at(-1)!

/** The `-w` workspaces of a stage's `npm ci`, and that instruction. */
function npmCi(stage: (typeof stages)[number]): { ins: Instruction; workspaces: string[] } {
  const ins = stage.instructions.find((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args[0]!))
  if (!ins) throw new Error(`stage ${stage.name ?? stage.base} runs no npm ci`)
  return { ins, workspaces: [...ins.args[0]!.matchAll(/(?:^|\s)-w\s+(\S+)/g)].map((m) => m[1]!) }
}

const workspaceOf = (file: string) =>
  workspaceFolders().find((w) => file === w || file.startsWith(`${w}/`)) ?? '(root)'

describe('docker-compose.yml', () => {
  it('parses, and needs nothing from the environment (SHOP_BRANCHES among them)', () => {
    const taken = interpolationsOf(composeText)
    expect(taken.length).toBeGreaterThan(0)
    // `${X:?…}` stops `docker compose up`; a bare `${X}` is empty with a warning: every one has a default.
    expect(taken.filter((t) => t.operator !== ':-' && t.operator !== '-')).toEqual([])
    expect(Object.keys(compose.services).sort()).toEqual(
      [
        'api1',
        'api2',
        'gateway1',
        'gateway2',
        'nats',
        'notifier',
        'postgres',
        'printer',
        'projector',
        'proxy',
        'publisher',
      ].sort(),
    )
  })

  it('docker-compose.cluster.yml: three NATS nodes on infra/nats/cluster.conf, every service given all three', () => {
    const cluster = readCompose({}, 'docker-compose.cluster.yml')
    const nodes = Object.keys(cluster.services).filter((name) => name.startsWith('nats'))
    expect(nodes.sort()).toEqual(['nats', 'nats2', 'nats3'])
    // Every service it changes is one of the base file's, or a new node.
    for (const name of Object.keys(cluster.services))
      expect(name in compose.services || nodes.includes(name), name).toBe(true)
    for (const node of nodes) {
      const service = cluster.services[node]!
      const mount = service.volumes?.find((v) => v.endsWith(':/etc/nats/cluster.conf:ro'))
      expect(mount, node).toBeDefined()
      expect(existsSync(join(REPO, mount!.split(':')[0]!))).toBe(true)
      expect(service.command).toEqual(['-c', '/etc/nats/cluster.conf'])
    }
    const routes = readFileSync(join(REPO, 'infra/nats/cluster.conf'), 'utf8').match(
      /nats-route:\/\/([a-z0-9]+):6222/g,
    )
    expect(routes?.map((r) => r.slice('nats-route://'.length, -':6222'.length)).sort()).toEqual(nodes.sort())
    // The services of the base file that talk to NATS get every node and three copies of the stream.
    const users = Object.entries(compose.services).filter(([, s]) => s.environment?.NATS_URL)
    expect(users.length).toBeGreaterThan(0)
    for (const [name] of users) {
      const env = cluster.services[name]?.environment ?? {}
      expect(String(env.NATS_URL).split(',').sort(), name).toEqual(
        nodes.map((n) => `nats://${n}:4222`).sort(),
      )
      expect(env.NATS_STREAM_REPLICAS, name).toBe('3')
    }
  })

  it('every service built from the image runs an entry point that exists, on production dependencies only', () => {
    const installed = npmCi(runtime).workspaces
    expect(built.length).toBe(8)
    for (const [name, service] of built) {
      expect(service.build, name).toEqual({ context: '.', dockerfile: 'infra/deploy/Dockerfile' })
      const [node, entry, ...rest] = service.command ?? []
      expect(node, name).toBe('node')
      expect(rest, name).toEqual([])
      expect(existsSync(join(REPO, entry!)), `${name}: ${entry}`).toBe(true)
      // The image's npm ci installs its workspace's dependencies …
      expect(installed, `${name}: ${entry}`).toContain(workspaceOf(entry!))
      // … and what its code imports is no dev dependency (absent from that install).
      for (const p of reachOf(entry!).packages) {
        const locked = lock.packages[`node_modules/${p}`]
        expect(locked, `${name} imports ${p}`).toBeDefined()
        expect(locked?.dev, `${name} imports ${p}, a dev dependency`).not.toBe(true)
      }
    }
  })

  it('each service is given only variables its code reads, and what it needs to start', () => {
    const postgres = compose.services.postgres!.environment!
    for (const [name, service] of built) {
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([k, v]) => [k, v === null ? '' : String(v)]),
      )
      const reads = reachOf(service.command![1]!).env
      for (const variable of Object.keys(env))
        expect(reads, `${name} is given ${variable}`).toContain(variable)
      // runService's own checks: both servers, reachable by the other containers.
      const db = new URL(env.DATABASE_URL!)
      expect([db.hostname, db.port, db.username, db.password, db.pathname], name).toEqual([
        'postgres',
        '5432',
        String(postgres.POSTGRES_USER),
        String(postgres.POSTGRES_PASSWORD),
        `/${postgres.POSTGRES_DB}`,
      ])
      expect(new URL(env.NATS_URL!).host, name).toBe('nats:4222')
      expect(env.HOST, name).toBe('0.0.0.0')
      // Its configuration loads as given: no SHOP_BRANCHES needed, branches are in the database.
      const config = loadConfig({ ...env, DATA_DIR: '/nonexistent' })
      expect(config.branches, name).toEqual([])
      expect(config.port, name).toBe(3000)
    }
  })

  it('nginx reaches the APIs and gateways it names, and they trust it as their proxy', () => {
    const proxy = compose.services.proxy!
    expect(proxy.volumes).toContain('./infra/deploy/nginx.conf:/etc/nginx/nginx.conf:ro')
    const proxyAddress = proxy.networks?.default?.ipv4_address
    expect(proxyAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/)
    const upstreams = nginxBlocks(readNginx(), 'upstream')
    expect(upstreams.map((u) => u.args[0]).sort()).toEqual(['api', 'gateway'])
    for (const upstream of upstreams) {
      const servers = upstream.directives.filter((d) => d.name === 'server').map((d) => d.args[0]!)
      expect(servers.length).toBeGreaterThan(0)
      for (const server of servers) {
        const [host, port] = server.split(':')
        const service = compose.services[host!]
        expect(service, server).toBeDefined()
        expect(String(service!.environment?.PORT), server).toBe(port)
        expect(service!.environment?.TRUST_PROXY, server).toBe(proxyAddress)
        expect(service!.command![1], server).toBe(
          upstream.args[0] === 'api' ? 'services/api/src/main.ts' : 'services/gateway/src/main.ts',
        )
      }
    }
    const listen = nginxBlocks(readNginx(), 'server')[0]!.directives.find((d) => d.name === 'listen')!
    expect(proxy.ports).toEqual([`${listen.args[0]}:${listen.args[0]}`])
  })
})

describe('Dockerfile', () => {
  it('reads as a build stage and a runtime stage', () => {
    expect(stages.map((s) => [s.base, s.name])).toEqual([
      ['node:24-slim', 'build'],
      ['node:24-slim', undefined],
    ])
    for (const stage of stages)
      expect(stage.instructions[0]).toMatchObject({ keyword: 'WORKDIR', args: ['/app'] })
    const known = new Set(['WORKDIR', 'COPY', 'RUN', 'ENV', 'USER', 'CMD'])
    expect(instructions.filter((i) => i.keyword !== 'FROM' && !known.has(i.keyword))).toEqual([])
  })

  it('every COPY source is in the build context', () => {
    const ignored = dockerignore()
    for (const ins of instructions.filter((i) => i.keyword === 'COPY' && !i.flags.from)) {
      for (const source of copyParts(ins).sources) {
        if (source === '.') continue
        expect(existsSync(join(REPO, source)), `line ${ins.line}: ${source}`).toBe(true)
        expect(ignored.ignores(source), `line ${ins.line}: ${source} is in .dockerignore`).toBe(false)
      }
    }
  })

  it('each npm ci comes after the lockfile and the manifest of every workspace, and names workspaces', () => {
    const workspaces = workspaceFolders()
    for (const stage of stages) {
      const { ins, workspaces: named } = npmCi(stage)
      const before = stage.instructions.slice(0, stage.instructions.indexOf(ins))
      const copied = before
        .filter((i) => i.keyword === 'COPY' && !i.flags.from)
        .flatMap((i) => {
          const { sources, dest } = copyParts(i)
          return sources.map((s) => (dest === './' ? s : `${dest.replace(/\/$/, '')}/${s.split('/').at(-1)}`))
        })
      expect(copied.sort()).toEqual(
        ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)].sort(),
      )
      for (const w of named) expect(workspaces, `npm ci -w ${w}`).toContain(w)
    }
    // The runtime installs no dev dependency; the build stage installs the web apps' (vite).
    expect(npmCi(runtime).ins.args[0]).toMatch(/--omit=dev\b/)
    expect(npmCi(stages[0]!).workspaces.sort()).toEqual(['web/backoffice', 'web/storefront'])
  })

  it('the build commands it names exist: npm scripts, or the files they run', () => {
    const runs = instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args[0]!)
    expect(runs.length).toBeGreaterThan(0)
    for (const run of runs) {
      for (const command of run.split(/&&|;/).map((c) => c.trim())) {
        const script = /^npm run (\S+)/.exec(command)
        const node = /^node (\S+)/.exec(command)
        if (script) expect(Object.keys(pkg.scripts), command).toContain(script[1])
        else if (node) {
          expect(existsSync(join(REPO, node[1]!)), command).toBe(true)
          // The same build as `npm run build:web` (npm start, the e2e tests).
          expect(Object.values(pkg.scripts), command).toContain(`node ${node[1]}`)
        } else expect(command, command).toMatch(/^npm ci\b/)
      }
    }
  })

  it('the runtime stage takes the built apps from where the API serves them, and runs as node', () => {
    const fromBuild = runtime.instructions
      .filter((i) => i.keyword === 'COPY' && i.flags.from)
      .map((i) => [i.flags.from, ...i.args])
    // services/api/src/storefront.ts and backoffice.ts: DEFAULT_STOREFRONT_ROOT, DEFAULT_BACKOFFICE_ROOT.
    expect(fromBuild).toEqual([
      ['build', '/app/web/storefront/dist', 'web/storefront/dist'],
      ['build', '/app/web/backoffice/dist', 'web/backoffice/dist'],
    ])
    const user = runtime.instructions.filter((i) => i.keyword === 'USER')
    expect(user.map((u) => u.args)).toEqual([['node']])
    const cmd = runtime.instructions.filter((i) => i.keyword === 'CMD').at(-1)!
    expect(existsSync(join(REPO, cmd.args[1]!))).toBe(true)
    // The default command's data folder is outside /app (the image holds no data/).
    const env = runtime.instructions.filter((i) => i.keyword === 'ENV').flatMap((i) => i.args)
    expect(env).toContain('DATA_DIR=/home/node/data')
  })

  it('the parser reads continuations, comments between them, flags and the JSON form', () => {
    const parsed = parseDockerfile(
      '# syntax=docker/dockerfile:1\nFROM a AS b\nRUN --mount=type=cache,target=/x one \\\n# note\n  two\nCMD ["node", "x.ts"]\n',
    )
    expect(parsed.map((i) => [i.keyword, i.flags, i.args])).toEqual([
      ['FROM', {}, ['a', 'AS', 'b']],
      ['RUN', { mount: 'type=cache,target=/x' }, ['one    two']],
      ['CMD', {}, ['node', 'x.ts']],
    ])
  })
})

describe('.dockerignore', () => {
  const temp: string[] = []
  afterAll(() => {
    for (const dir of temp) rmSync(dir, { recursive: true, force: true })
  })

  it('leaves nothing git ignores in the build context (data/, node_modules, builds, logs), nor .git', () => {
    const context = contextFiles(REPO)
    const visible = new Set(
      execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' })
        .split('\n')
        .filter(Boolean),
    )
    expect(context.filter((f) => !visible.has(f))).toEqual([])
    expect(context.filter((f) => f.startsWith('.git/'))).toEqual([])
    expect(context).toContain('services/api/src/main.ts')
    expect(context).toContain('web/storefront/index.html')
  })

  it("keeps the host's data/, node_modules, .git, builds and secrets out wherever they are", () => {
    const root = mkdtempSync(join(tmpdir(), 'shop-context-'))
    temp.push(root)
    const kept = ['package.json', 'services/api/src/main.ts', 'web/storefront/index.html', 'docs/api.md']
    const planted = [
      'data/branches.json',
      'data/pglite/PG_VERSION',
      'node_modules/pino/index.js',
      'services/api/node_modules/x/index.js',
      'web/storefront/node_modules/.vite/deps.json',
      '.git/HEAD',
      '.git/config',
      'web/storefront/dist/index.html',
      'web/backoffice/dist/assets/index.js',
      '.env',
      'services/notifier/.env.local',
      'coverage/index.html',
      'npm-debug.log',
      '.tmp/bench.json',
    ]
    writeFileSync(join(root, '.dockerignore'), readFileSync(join(REPO, '.dockerignore')))
    for (const f of [...kept, ...planted]) {
      mkdirSync(dirname(join(root, f)), { recursive: true })
      writeFileSync(join(root, f), 'x')
    }
    expect(contextFiles(root)).toEqual(['.dockerignore', ...kept].sort())
  })
})

describe('nginx.conf', () => {
  const nginx = readNginx()
  const locations = new Map(nginxBlocks(nginx, 'location').map((b) => [b.args.join(' '), b]))
  const headers = (path: string) =>
    Object.fromEntries(
      locations
        .get(path)!
        .directives.filter((d) => d.name === 'proxy_set_header')
        .map((d) => [d.args[0]!.toLowerCase(), d.args[1]]),
    )

  it.each(['/ws', '/'])(
    '%s passes the Host with its port, the forwarded address, scheme and host',
    (path) => {
      expect(headers(path)).toMatchObject({
        host: '$http_host',
        'x-forwarded-for': '$proxy_add_x_forwarded_for',
        'x-forwarded-proto': '$scheme',
        'x-forwarded-host': '$http_host',
      })
    },
  )

  it("/ws upgrades to a WebSocket, and the gateway's same-origin check accepts what nginx sends", () => {
    const ws = locations.get('/ws')!.directives
    expect(ws.find((d) => d.name === 'proxy_http_version')?.args).toEqual(['1.1'])
    expect(headers('/ws')).toMatchObject({ upgrade: '$http_upgrade', connection: '$connection_upgrade' })
    // What the gateway sees as Host for a browser on http://localhost:8080 (the compose port).
    const hostSent = (variable: string, requestHost: string) =>
      variable === '$http_host'
        ? requestHost
        : variable === '$host'
          ? requestHost.replace(/:\d+$/, '')
          : variable
    for (const origin of ['http://localhost:8080', 'https://shop.example']) {
      const requestHost = new URL(origin).host
      expect(sameOrigin(origin, hostSent(headers('/ws').host!, requestHost)), origin).toBe(true)
    }
    // Without the header nginx sends the upstream's name, and $host would drop the port: refused.
    expect(sameOrigin('http://localhost:8080', 'gateway')).toBe(false)
    expect(sameOrigin('http://localhost:8080', hostSent('$host', 'localhost:8080'))).toBe(false)
  })

  it('lets the largest upload the API takes through', () => {
    const size = locations.get('/')!.directives.find((d) => d.name === 'client_max_body_size')?.args[0]
    const bytes = Number(/^(\d+)m$/i.exec(size ?? '')?.[1]) * 1024 * 1024
    expect(bytes).toBeGreaterThanOrEqual(wireLimit(DEFAULT_LIMITS.uploads.maxStaffBytes))
  })

  it('keeps /metrics from the public', () => {
    const metrics = locations.get('= /metrics')!.directives
    expect(metrics).toEqual([{ name: 'return', args: ['404'] }])
  })
})
