// npm run image:prune (the image's runtime stage, infra/deploy/Dockerfile): takes out of
// node_modules what `npm ci --omit=dev` keeps only because a production library names it as an
// optional peer. npm marks such a package `devOptional` (the root's dev dependencies have it, a
// library may use it) and keeps it; no service needs it: i18next's optional peer typescript
// (23 MB of compiler) and the type packages. A package a production library depends on for real
// (`dependencies`, `optionalDependencies`) stays.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

type LockEntry = {
  dev?: boolean
  devOptional?: boolean
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

const root = join(import.meta.dirname, '..')
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>
}
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)

/** Names a production package (one npm ci --omit=dev installs) depends on, not as a peer. */
const needed = new Set<string>()
for (const [path, entry] of Object.entries(lock.packages)) {
  if (entry.dev || entry.devOptional) continue
  if (path !== '' && !existsSync(join(root, path))) continue
  for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) needed.add(name)
}

const removed: string[] = []
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!entry.devOptional || !path.startsWith('node_modules/')) continue
  const name = nameOf(path)
  if (needed.has(name) || !existsSync(join(root, path))) continue
  rmSync(join(root, path), { recursive: true, force: true })
  removed.push(name)
}
console.log(removed.length > 0 ? `removed ${removed.join(', ')}` : 'nothing to remove')
