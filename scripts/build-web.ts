/**
 * Builds the storefront (web/storefront/dist) when a source is newer than the last build, so
 * `npm start` and the e2e tests always serve the current code without rebuilding every time.
 * `--force` builds anyway.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = join(dirname(fileURLToPath(import.meta.url)), '..')
const app = join(repo, 'web', 'storefront')
const stamp = join(app, 'dist', 'index.html')
const sources = [
  join(app, 'src'),
  join(app, 'public'),
  join(app, 'index.html'),
  join(app, 'vite.config.ts'),
].concat([join(repo, 'web', 'ui', 'src'), join(repo, 'web', 'live', 'src'), join(repo, 'shared')])

function newest(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = stat.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    latest = Math.max(latest, newest(join(path, entry)))
  }
  return latest
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
const force = process.argv.includes('--force')
if (!force && built > 0 && sources.every((s) => newest(s) <= built)) {
  process.stdout.write('storefront: up to date\n')
} else {
  const result = spawnSync(
    process.execPath,
    [join(repo, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: app,
      stdio: 'inherit',
    },
  )
  process.exit(result.status ?? 1)
}
