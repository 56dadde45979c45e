// Reading the deploy files without Docker, compose or nginx (none is on the test machines), for
// deploy-files.unit.test.ts (their consistency) and image.int.test.ts (the image's build steps
// run in a temporary copy): docker-compose.yml with compose's variable interpolation, the
// Dockerfile's instructions, the build context as .dockerignore leaves it, nginx.conf's blocks,
// and what a service's code imports and reads from its environment.
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import dockerignoreModule from '@balena/dockerignore'
import { parse as parseYaml } from 'yaml'

export const REPO = fileURLToPath(new URL('../..', import.meta.url))

// ---------------------------------------------------------------------------------------------
// docker-compose.yml

/** Compose's `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?err}`, `${VAR?err}`, `$$`. */
export type Interpolation = { name: string; operator: '' | ':-' | '-' | ':?' | '?'; operand: string }

const INTERPOLATION = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g

/** Every variable the compose file takes from the environment, with how it does. */
export function interpolationsOf(text: string): Interpolation[] {
  const found: Interpolation[] = []
  for (const m of text.matchAll(INTERPOLATION)) {
    if (m[0] === '$$') continue
    found.push({
      name: (m[1] ?? m[4])!,
      operator: (m[2] ?? '') as Interpolation['operator'],
      operand: m[3] ?? '',
    })
  }
  return found
}

/** The compose file's text with its variables replaced as compose does for `env`. */
export function interpolate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(
    INTERPOLATION,
    (whole, braced?: string, op?: string, operand?: string, bare?: string) => {
      if (whole === '$$') return '$'
      const name = (braced ?? bare)!
      const value = env[name]
      switch (op) {
        case ':-':
          return value ? value : (operand ?? '')
        case '-':
          return value ?? operand ?? ''
        case ':?':
          if (!value) throw new Error(`compose: ${name} is required: ${operand}`)
          return value
        case '?':
          if (value === undefined) throw new Error(`compose: ${name} is required: ${operand}`)
          return value
        default:
          return value ?? ''
      }
    },
  )
}

export type ComposeService = {
  image?: string
  build?: { context?: string; dockerfile?: string }
  command?: string[]
  environment?: Record<string, string | number | null>
  networks?: Record<string, { ipv4_address?: string } | null>
  depends_on?: unknown
  ports?: string[]
  volumes?: string[]
}
export type ComposeFile = { services: Record<string, ComposeService> }

/** docker-compose.yml (or another compose file) as compose reads it with `env` (merge keys `<<` applied). */
export function readCompose(
  env: Record<string, string | undefined> = {},
  file = 'docker-compose.yml',
): ComposeFile {
  const text = readFileSync(join(REPO, file), 'utf8')
  return parseYaml(interpolate(text, env), { merge: true }) as ComposeFile
}

// ---------------------------------------------------------------------------------------------
// Dockerfile

export type Instruction = {
  keyword: string
  /** Flags before the arguments (`--from=build`, `--mount=type=cache,target=/root/.npm`). */
  flags: Record<string, string>
  /** The arguments: JSON form as given, shell form split on white space (RUN keeps one string). */
  args: string[]
  line: number
}

/** The Dockerfile's instructions: comments and parser directives dropped, continuations joined. */
export function parseDockerfile(text: string): Instruction[] {
  const lines = text.split('\n')
  const out: Instruction[] = []
  let buffer = ''
  let start = 0
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    // A comment line, also between continued lines (Docker drops them there too).
    if (/^\s*#/.test(line)) continue
    if (buffer === '' && line.trim() === '') continue
    if (buffer === '') start = i + 1
    if (/\\\s*$/.test(line)) {
      buffer += `${line.replace(/\\\s*$/, '')} `
      continue
    }
    buffer += line
    out.push(instruction(buffer.trim(), start))
    buffer = ''
  }
  if (buffer.trim() !== '') throw new Error('Dockerfile ends in a continued line')
  return out
}

function instruction(text: string, line: number): Instruction {
  const keyword = /^\S+/.exec(text)![0].toUpperCase()
  let rest = text.slice(keyword.length).trim()
  const flags: Record<string, string> = {}
  for (;;) {
    const flag = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest)
    if (!flag) break
    flags[flag[1]!] = flag[2] ?? ''
    rest = rest.slice(flag[0].length)
  }
  let args: string[]
  if (rest.startsWith('[')) args = JSON.parse(rest) as string[]
  else if (keyword === 'RUN') args = [rest]
  else args = rest.split(/\s+/).filter(Boolean)
  return { keyword, flags, args, line }
}

export type Stage = { name: string | undefined; base: string; instructions: Instruction[] }

/** The build stages in order, each with its instructions after FROM. */
export function stagesOf(instructions: readonly Instruction[]): Stage[] {
  const stages: Stage[] = []
  for (const ins of instructions) {
    if (ins.keyword === 'FROM') {
      const [base, as, name] = ins.args
      stages.push({ name: as?.toUpperCase() === 'AS' ? name : undefined, base: base!, instructions: [] })
    } else {
      const stage = stages.at(-1)
      if (!stage) throw new Error(`line ${ins.line}: ${ins.keyword} before FROM`)
      stage.instructions.push(ins)
    }
  }
  return stages
}

export function readDockerfile(): Instruction[] {
  return parseDockerfile(readFileSync(join(REPO, 'infra', 'deploy', 'Dockerfile'), 'utf8'))
}

/** Sources and destination of a COPY. */
export function copyParts(ins: Instruction): { sources: string[]; dest: string } {
  return { sources: ins.args.slice(0, -1), dest: ins.args.at(-1)! }
}

// ---------------------------------------------------------------------------------------------
// The build context

type Ignore = { add(patterns: string[]): Ignore; ignores(path: string): boolean }
/** The package is CommonJS (`module.exports = factory`); its types say `export default`. */
const ignore = dockerignoreModule as unknown as () => Ignore

export function dockerignore(root = REPO): Ignore {
  const file = join(root, '.dockerignore')
  return ignore().add(existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [])
}

/**
 * The files Docker sends as the build context of `root`: every file .dockerignore leaves. An
 * ignored folder is not entered when no rule starts with `!` (none could bring a file inside it
 * back); with such a rule every file is looked at.
 */
export function contextFiles(root = REPO): string[] {
  const ig = dockerignore(root)
  const rules = existsSync(join(root, '.dockerignore'))
    ? readFileSync(join(root, '.dockerignore'), 'utf8')
    : ''
  const exceptions = rules.split('\n').some((l) => l.trim().startsWith('!'))
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = dir ? `${dir}/${entry.name}` : entry.name
      if (entry.isDirectory()) {
        if (!exceptions && ig.ignores(path)) continue
        walk(path)
      } else if (!ig.ignores(path)) files.push(path)
    }
  }
  walk('')
  return files.sort()
}

/** The npm workspaces' folders (package.json `workspaces`, globs of one `*` at the end). */
export function workspaceFolders(): string[] {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { workspaces: string[] }
  return pkg.workspaces
    .flatMap((w) =>
      w.endsWith('/*')
        ? readdirSync(join(REPO, w.slice(0, -2)), { withFileTypes: true })
            .filter((e) => e.isDirectory() && existsSync(join(REPO, w.slice(0, -2), e.name, 'package.json')))
            .map((e) => `${w.slice(0, -2)}/${e.name}`)
        : [w],
    )
    .sort()
}

// ---------------------------------------------------------------------------------------------
// nginx.conf

export type NginxBlock = { name: string; args: string[]; directives: NginxDirective[] }
export type NginxDirective = { name: string; args: string[]; block?: NginxBlock }

/** nginx.conf as a tree of directives and blocks (comments dropped; no includes or quotes with `;`). */
export function parseNginx(text: string): NginxBlock {
  const tokens = text
    .split('\n')
    .map((l) => l.replace(/#.*$/, ''))
    .join('\n')
    .match(/'[^']*'|"[^"]*"|[{};]|[^\s{};]+/g)!
  let i = 0
  const block = (name: string, args: string[]): NginxBlock => {
    const directives: NginxDirective[] = []
    let words: string[] = []
    while (i < tokens.length) {
      const t = tokens[i++]!
      if (t === ';') {
        directives.push({ name: words[0]!, args: words.slice(1) })
        words = []
      } else if (t === '{') {
        const inner = block(words[0]!, words.slice(1))
        directives.push({ name: words[0]!, args: words.slice(1), block: inner })
        words = []
      } else if (t === '}') {
        return { name, args, directives }
      } else words.push(t)
    }
    return { name, args, directives }
  }
  return block('main', [])
}

/** Every block named `name` anywhere in the tree. */
export function nginxBlocks(root: NginxBlock, name: string): NginxBlock[] {
  const found: NginxBlock[] = []
  for (const d of root.directives) {
    if (!d.block) continue
    if (d.name === name) found.push(d.block)
    found.push(...nginxBlocks(d.block, name))
  }
  return found
}

export function readNginx(): NginxBlock {
  return parseNginx(readFileSync(join(REPO, 'infra', 'deploy', 'nginx.conf'), 'utf8'))
}

// ---------------------------------------------------------------------------------------------
// What a service's code reaches

export type Reach = {
  /** The repository's files the entry imports, directly or not (absolute paths). */
  files: Set<string>
  /** The packages from node_modules they import (type-only imports left out). */
  packages: Set<string>
  /** The environment variables they read (`env.NAME`, `env['NAME']`). */
  env: Set<string>
}

const IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g
const ENV_READ = /\benv\??\.([A-Z][A-Z0-9_]*)\b|\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g

/** The files, packages and environment variables an entry point's code reaches (its imports). */
export function reachOf(entry: string): Reach {
  const reach: Reach = { files: new Set(), packages: new Set(), env: new Set() }
  const visit = (file: string) => {
    if (reach.files.has(file)) return
    reach.files.add(file)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(ENV_READ)) reach.env.add((m[1] ?? m[2])!)
    for (const m of text.matchAll(IMPORT)) {
      if (m[1]) continue
      const spec = (m[2] ?? m[3])!
      if (spec.startsWith('node:')) continue
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec))
      else if (spec.startsWith('@shop/')) visit(realpathSync(createRequire(file).resolve(spec)))
      else
        reach.packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!)
    }
  }
  visit(resolve(REPO, entry))
  return reach
}

/** A path relative to the repository, with forward slashes. */
export const fromRepo = (path: string) => relative(REPO, path).split('\\').join('/')

// ---------------------------------------------------------------------------------------------
// The Dockerfile's steps outside Docker

export type EmulatedImage = {
  /** The last stage's WORKDIR as a folder. */
  dir: string
  /** Its ENV. */
  env: Record<string, string>
  user: string | undefined
  cmd: string[] | undefined
}

const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'

/**
 * Runs the Dockerfile of `context` (infra/deploy/Dockerfile) the way Docker would, without Docker:
 * each stage is a folder standing for its WORKDIR, COPY takes files from the build context as
 * .dockerignore leaves it (or from an earlier stage's folder), RUN runs its shell command there
 * with this Node (the image's base is node:24-slim) and the system's npm, on a PATH of the
 * system's folders only (no node_modules/.bin) and without the npm and Node settings of this
 * process (npm_*, NODE_OPTIONS, NODE_PATH); the machine's network settings (proxy, CA) and npm's
 * user configuration (`npmUserConfig`: registry, CA) stay, as on a build host. A
 * `--mount=type=cache,target=/root/.npm` is npm's cache here (`npmCache`), which npm also prefers
 * over the registry; without one npm starts with an empty cache. What it does not
 * stand for: the base image's files (Debian, its npm), file owners, the build's isolation from
 * the host, instructions other than WORKDIR, COPY, RUN, ENV, USER and CMD.
 */
export async function buildWithoutDocker(opts: {
  context: string
  workRoot: string
  npmCache: string
  npmUserConfig: string
  /** Each RUN's output. */
  onOutput?: (command: string, output: string) => void
}): Promise<EmulatedImage> {
  const run = promisify(execFile)
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(npm_|init_cwd$|node_options$|node_path$|vitest|path$|home$)/i.test(k),
    ),
  ) as Record<string, string>
  const files = contextFiles(opts.context)
  const stages = stagesOf(
    parseDockerfile(readFileSync(join(opts.context, 'infra', 'deploy', 'Dockerfile'), 'utf8')),
  )
  const done = new Map<string, { dir: string; workdir: string }>()
  let last: EmulatedImage | undefined
  for (const [index, stage] of stages.entries()) {
    const dir = join(opts.workRoot, `stage-${index}`)
    mkdirSync(dir, { recursive: true })
    let workdir: string | undefined
    const env: Record<string, string> = {}
    let user: string | undefined
    let cmd: string[] | undefined
    /** A path in the stage (relative to WORKDIR, or absolute under it) as a path in its folder. */
    const inStage = (path: string, w = workdir, d = dir) => {
      if (!w) throw new Error(`stage ${index}: a path before WORKDIR`)
      if (!path.startsWith('/')) return join(d, path)
      if (path !== w && !path.startsWith(`${w}/`)) throw new Error(`stage ${index}: ${path} is outside ${w}`)
      return join(d, path.slice(w.length))
    }
    for (const ins of stage.instructions) {
      switch (ins.keyword) {
        case 'WORKDIR':
          if (workdir !== undefined && workdir !== ins.args[0]) throw new Error('one WORKDIR per stage')
          workdir = ins.args[0]!
          break
        case 'COPY': {
          const { sources, dest } = copyParts(ins)
          const target = inStage(dest)
          const into = dest.endsWith('/') || dest === '.' || sources.length > 1
          if (ins.flags.from) {
            const from = done.get(ins.flags.from)
            if (!from) throw new Error(`line ${ins.line}: no stage ${ins.flags.from}`)
            for (const source of sources)
              cpSync(inStage(source, from.workdir, from.dir), target, { recursive: true })
            break
          }
          for (const source of sources) {
            const clean = source.replace(/^\.\/?/, '').replace(/\/$/, '')
            if (files.includes(clean)) {
              const to = into ? join(target, clean.split('/').at(-1)!) : target
              mkdirSync(dirname(to), { recursive: true })
              cpSync(join(opts.context, clean), to)
              continue
            }
            const under = files.filter((f) => clean === '' || f.startsWith(`${clean}/`))
            if (under.length === 0) throw new Error(`line ${ins.line}: ${source} is not in the build context`)
            for (const f of under) {
              const to = join(target, clean === '' ? f : f.slice(clean.length + 1))
              mkdirSync(dirname(to), { recursive: true })
              cpSync(join(opts.context, f), to)
            }
          }
          break
        }
        case 'RUN': {
          const home = join(opts.workRoot, `home-${index}`)
          mkdirSync(home, { recursive: true })
          let cache = join(home, '.npm')
          if (ins.flags.mount !== undefined) {
            if (ins.flags.mount !== 'type=cache,target=/root/.npm')
              throw new Error(`line ${ins.line}: mount ${ins.flags.mount} not emulated`)
            cache = opts.npmCache
          }
          const { stdout, stderr } = await run('sh', ['-c', ins.args[0]!], {
            cwd: dir,
            maxBuffer: 64 * 1024 * 1024,
            env: {
              ...inherited,
              PATH: `${dirname(process.execPath)}:${SYSTEM_PATH}`,
              HOME: home,
              ...env,
              npm_config_userconfig: opts.npmUserConfig,
              npm_config_cache: cache,
              npm_config_prefer_offline: 'true',
              npm_config_update_notifier: 'false',
            },
          })
          opts.onOutput?.(ins.args[0]!, `${stdout}${stderr}`)
          break
        }
        case 'ENV': {
          const pairs = ins.args.every((a) => a.includes('='))
            ? ins.args
            : [`${ins.args[0]}=${ins.args.slice(1).join(' ')}`]
          for (const pair of pairs) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1)
          break
        }
        case 'USER':
          user = ins.args[0]
          break
        case 'CMD':
          cmd = ins.args
          break
        default:
          throw new Error(`line ${ins.line}: ${ins.keyword} not emulated`)
      }
    }
    if (!workdir) throw new Error(`stage ${index} has no WORKDIR`)
    if (stage.name) done.set(stage.name, { dir, workdir })
    last = { dir, env, user, cmd }
  }
  if (!last) throw new Error('no stage')
  return last
}
