import { CONFIG_GROUPS, type ConfigReader, describeVariables } from './config-schema.ts'

// docs/configuration.md, made from the configuration schema (`npm run docs:config` writes it; a
// unit test fails when the checked-in file differs from what this makes).

const SERVICES: readonly ConfigReader[] = [
  'api',
  'gateway',
  'publisher',
  'projector',
  'notifier',
  'all-in-one',
]

function readersText(readers: readonly ConfigReader[]): string {
  const services = SERVICES.every((r) => readers.includes(r))
  const named = services ? ['every service', ...readers.filter((r) => !SERVICES.includes(r))] : [...readers]
  return named.join(', ')
}

const cell = (text: string) => text.replace(/\|/g, '\\|')

/** The text of docs/configuration.md. */
export function configurationDoc(): string {
  const variables = describeVariables()
  const lines = [
    '# Configuration',
    '',
    '<!-- Made by `npm run docs:config` from services/kit/src/config-schema.ts: change the schema, then run it. -->',
    '',
    'Every process of the shop reads its settings from the environment once, at its start, and checks',
    'them all against one schema (`services/kit/src/config-schema.ts`): `runService` for the distributed',
    'services, `main.ts` for the all-in-one process (`npm start`), `openShopDatabase` for the scripts. The',
    'modules get their settings from the parsed configuration, never from `process.env`. An empty',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text shows docker compose's syntax
    'variable counts as unset (docker compose passes `${NAME:-}` as an empty string).',
    '',
    'A wrong value, or a missing one a process needs (the distributed services need `DATABASE_URL` and',
    '`NATS_URL`), stops the start before anything runs: the process names every such variable at once',
    'on standard error, with the value given unless it is a secret, and exits with status 2:',
    '',
    '```',
    'The configuration is not valid (docs/configuration.md):',
    '  DATABASE_URL: missing: a service process needs it (npm start runs everything in one process without it)',
    '  PORT: must be a whole number (got "80a")',
    '  NOTIFY_START: must be now or beginning (got "yesterday")',
    '```',
    '',
    '`npm start` needs none of them: without `DATABASE_URL` and `NATS_URL` it runs the embedded demo on',
    'PGlite in `DATA_DIR` with its in-process bus. Every process checks every variable, also those only',
    'others read ("read by").',
  ]
  for (const group of CONFIG_GROUPS) {
    const inGroup = variables.filter((v) => v.meta.group === group)
    if (inGroup.length === 0) continue
    lines.push('', `## ${group}`, '', '| variable | default | read by | meaning |', '|---|---|---|---|')
    for (const { name, meta, defaultValue } of inGroup) {
      const fallback =
        meta.defaultText ?? (defaultValue === undefined ? '(none)' : `\`${String(defaultValue)}\``)
      const secret = meta.secret ? ' Secret: never shown in error messages.' : ''
      lines.push(
        `| \`${name}\` | ${cell(fallback)} | ${readersText(meta.readers)} | ${cell(meta.description)}${secret} |`,
      )
    }
  }
  lines.push(
    '',
    'Tools outside the shop read variables of their own that are not part of the schema: the benchmarks',
    '(`BENCH_*`, `CHROME_PATH`), the test setup (`NATS_SERVER_BIN`) and `npm run demo:lifecycle`',
    '(`DEMO_ADMIN_USER`, `DEMO_ADMIN_PASSWORD`), a client of a running shop.',
    '',
  )
  return lines.join('\n')
}
