import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cruise, type IConfiguration } from 'dependency-cruiser'
import { afterAll, describe, expect, it } from 'vitest'

// The import boundaries of `npm run lint` (.dependency-cruiser.cjs) catch what they say they do:
// a small tree with one import breaking each rule, and one of each kind that is allowed.

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IConfiguration
const root = mkdtempSync(join(tmpdir(), 'shop-boundaries-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const files: Record<string, string> = {
  'node_modules/zod/package.json': '{"name":"zod","main":"index.js"}',
  'node_modules/zod/index.js': 'export const z = 1',
  'node_modules/pg/package.json': '{"name":"pg","main":"index.js"}',
  'node_modules/pg/index.js': 'export const Client = 1',
  // allowed: the domain uses zod and its own modules
  'shared/domain/ordering/rules.ts':
    "import { z } from 'zod'\nimport { money } from '../common/money.ts'\nexport const r = [z, money]",
  'shared/domain/common/money.ts': 'export const money = 1',
  // domain-is-pure: IO in the domain
  'shared/domain/ordering/clock.ts':
    "import { readFileSync } from 'node:fs'\nimport { Client } from 'pg'\nexport const c = [readFileSync, Client]",
  // shared-imports-nothing-above-it
  'shared/contracts/up.ts': "import { db } from '../../services/kit/src/db.ts'\nexport const u = db",
  'services/kit/src/db.ts': 'export const db = 1',
  // allowed: a service uses the kit, the read models and its own modules
  'services/read-models/src/orders.ts': "import { db } from '../../kit/src/db.ts'\nexport const orders = db",
  'services/api/src/routes.ts':
    "import { db } from '../../kit/src/db.ts'\nimport { orders } from '../../read-models/src/orders.ts'\nimport { own } from './own.ts'\nexport const routes = [db, orders, own]",
  'services/api/src/own.ts': 'export const own = 1',
  // service-imports-no-other-service
  'services/gateway/src/rooms.ts':
    "import { routes } from '../../api/src/routes.ts'\nexport const rooms = routes",
  // allowed: a test reaches across
  'services/gateway/src/rooms.int.test.ts':
    "import { routes } from '../../api/src/routes.ts'\nexport const t = routes",
  // service-imports-not-the-composition
  'services/all-in-one/src/main.ts':
    "import { routes } from '../../api/src/routes.ts'\nexport const main = routes",
  'services/notifier/src/boot.ts':
    "import { main } from '../../all-in-one/src/main.ts'\nexport const boot = main",
  // read-models-below-services, kit-at-the-bottom
  'services/read-models/src/bad.ts':
    "import { rooms } from '../../gateway/src/rooms.ts'\nexport const bad = rooms",
  'services/kit/src/bad.ts':
    "import { orders } from '../../read-models/src/orders.ts'\nexport const bad = orders",
  // web-imports-no-server-code, web-no-node-builtins
  'web/storefront/src/lib/api.ts':
    "import { db } from '../../../../services/kit/src/db.ts'\nimport { join } from 'node:path'\nexport const api = [db, join]",
  // app-imports-no-other-app, web-packages-import-no-app
  'web/backoffice/src/lib/x.ts':
    "import { api } from '../../../storefront/src/lib/api.ts'\nexport const x = api",
  'web/ui/src/y.ts': "import { x } from '../../backoffice/src/lib/x.ts'\nexport const y = x",
  // feature-imports-no-other-feature; allowed: within a feature, and from the app's lib
  'web/storefront/src/features/menu/text.ts':
    "import { api } from '../../lib/api.ts'\nexport const text = api",
  'web/storefront/src/features/menu/page.ts': "import { text } from './text.ts'\nexport const page = text",
  'web/storefront/src/features/status/info.ts':
    "import { text } from '../menu/text.ts'\nexport const info = text",
}

for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}

describe('the import boundaries (.dependency-cruiser.cjs)', () => {
  it('each rule fires on the import that breaks it, and on nothing allowed', async () => {
    const { tsConfig: _tsConfig, ...options } = config.options ?? {}
    const result = await cruise(['shared', 'services', 'web'], {
      ...options,
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: config.forbidden ?? [] },
    } as never)
    const output = result.output as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] }
    }
    const found = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort()
    expect(found).toEqual(
      [
        'app-imports-no-other-app: web/backoffice/src/lib/x.ts → web/storefront/src/lib/api.ts',
        'domain-is-pure: shared/domain/ordering/clock.ts → fs',
        'domain-is-pure: shared/domain/ordering/clock.ts → node_modules/pg/index.js',
        'feature-imports-no-other-feature: web/storefront/src/features/status/info.ts → web/storefront/src/features/menu/text.ts',
        'kit-at-the-bottom: services/kit/src/bad.ts → services/read-models/src/orders.ts',
        'read-models-below-services: services/read-models/src/bad.ts → services/gateway/src/rooms.ts',
        'service-imports-no-other-service: services/gateway/src/rooms.ts → services/api/src/routes.ts',
        'service-imports-not-the-composition: services/notifier/src/boot.ts → services/all-in-one/src/main.ts',
        'shared-imports-nothing-above-it: shared/contracts/up.ts → services/kit/src/db.ts',
        'web-imports-no-server-code: web/storefront/src/lib/api.ts → services/kit/src/db.ts',
        'web-no-node-builtins: web/storefront/src/lib/api.ts → path',
        'web-packages-import-no-app: web/ui/src/y.ts → web/backoffice/src/lib/x.ts',
      ].sort(),
    )
  })
})
