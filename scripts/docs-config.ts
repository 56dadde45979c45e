import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { configurationDoc } from '@shop/kit'

// npm run docs:config [-- --check]
// Writes docs/configuration.md from the configuration schema (services/kit/src/config-schema.ts).
// --check changes nothing and exits 1 when the file differs (config-docs.unit.test.ts checks the same).
const file = join(import.meta.dirname, '..', 'docs', 'configuration.md')
const text = configurationDoc()
if (process.argv.includes('--check')) {
  let current = ''
  try {
    current = readFileSync(file, 'utf8')
  } catch {
    // missing: differs
  }
  if (current !== text) {
    process.stderr.write('docs/configuration.md differs from the schema: run npm run docs:config\n')
    process.exit(1)
  }
  process.stdout.write('docs/configuration.md is up to date\n')
} else {
  writeFileSync(file, text)
  process.stdout.write('wrote docs/configuration.md\n')
}
