import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { benchBackoffice, formatBackoffice } from './backoffice.bench.ts'
import { benchBoard, formatBoard, WORK_RATIO_TARGET } from './board.bench.ts'
import {
  benchEditorOpen,
  RATIO_TARGET as EDITOR_RATIO_TARGET,
  formatEditorOpen,
} from './editor-open.bench.ts'
import { benchEventStore, DEFAULT_ADMIN_URL, formatMarkdown, formatTable } from './event-store.bench.ts'
import { benchInit, formatInit } from './init.bench.ts'
import { benchLighthouse, formatLighthouse } from './lighthouse.bench.ts'
import { benchMenuScroll, formatMenuScroll } from './menu-scroll.bench.ts'
import { benchNatsOutage, formatOutage } from './nats-outage.bench.ts'
import { benchOrders, formatOrders } from './orders.bench.ts'
import { benchSignageReconnect, formatSignageReconnect } from './signage-reconnect.bench.ts'
import { benchStatistics, formatStatistics, STATISTICS_P95_TARGET_MS } from './statistics.bench.ts'
import { benchStorefront, formatStorefront } from './storefront.bench.ts'
import { benchUploads, formatUploads, UPLOADS_BEFORE } from './uploads.bench.ts'
import { formatFlood, runWsFlood } from './ws-flood.bench.ts'
import { benchWsLatency, formatLatency } from './ws-latency.bench.ts'

// npm run bench [-- --write]   (--write puts the results into docs/benchmarks.md)
const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222'
const write = process.argv.includes('--write')

async function pgVersion(): Promise<string> {
  const c = new pg.Client({ connectionString: adminUrl })
  await c.connect()
  try {
    return (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? '?'
  } finally {
    await c.end()
  }
}

function natsVersion(): string {
  for (const bin of ['nats-server', '/usr/sbin/nats-server']) {
    try {
      return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim()
    } catch {
      // try the next
    }
  }
  return 'nats-server (version unknown)'
}

const machine = `${os.cpus()[0]?.model ?? 'CPU'} × ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}; Node ${process.version}; PostgreSQL ${await pgVersion()}; ${natsVersion()}`
const date = new Date().toISOString().slice(0, 16).replace('T', ' ')
process.stdout.write(`benchmarks on ${machine}, ${date} UTC\n\n`)

const appends = await benchEventStore({ adminUrl, concurrency: [8, 32] })
process.stdout.write(`\n${formatTable(appends)}\n\n`)
// The plain append loop at 8 writers, measured above in this run, is the orders' baseline.
const loop = appends.find((r) => r.concurrency === 8)?.baseline.appendsPerSec ?? Number.NaN
const loopLabel = 'plain append loop (a), 8 writers, same run'
const orders = await benchOrders({ adminUrl, natsUrl, topology: 'all-in-one' })
process.stdout.write(`${formatOrders(orders, loop, loopLabel)}\n\n`)
const ordersSplit = await benchOrders({ adminUrl, natsUrl, topology: 'split' })
process.stdout.write(`${formatOrders(ordersSplit, loop, loopLabel)}\n\n`)
const latency = await benchWsLatency({ adminUrl, natsUrl })
process.stdout.write(`${formatLatency(latency)}\n\n`)
const outage = await benchNatsOutage({ adminUrl })
process.stdout.write(`${formatOutage(outage)}\n\n`)
const signage = await benchSignageReconnect({ adminUrl })
process.stdout.write(`${formatSignageReconnect(signage)}\n\n`)
const flood = await runWsFlood(200)
process.stdout.write(`${formatFlood(flood)}\n\n`)
const init = await benchInit({ adminUrl })
process.stdout.write(`${formatInit(init)}\n\n`)
const weight = await benchStorefront()
process.stdout.write(`${formatStorefront(weight)}\n\n`)
const backoffice = await benchBackoffice()
process.stdout.write(`${formatBackoffice(backoffice)}\n\n`)
const editorOpen = await benchEditorOpen()
process.stdout.write(`${formatEditorOpen(editorOpen)}\n\n`)
const lighthouse = await benchLighthouse({ adminUrl, natsUrl })
process.stdout.write(`${formatLighthouse(lighthouse)}\n\n`)
const scroll = await benchMenuScroll({ adminUrl, natsUrl })
process.stdout.write(`${formatMenuScroll(scroll)}\n\n`)
const boardRun = await benchBoard({ adminUrl, natsUrl })
process.stdout.write(`${formatBoard(boardRun)}\n`)
const statistics = await benchStatistics({ adminUrl })
process.stdout.write(`\n${formatStatistics(statistics)}\n`)
const uploads = await benchUploads({ adminUrl, natsUrl })
process.stdout.write(`\n${formatUploads(uploads)}\n`)

if (write) {
  const file = join(dirname(fileURLToPath(import.meta.url)), '../../docs/benchmarks.md')
  writeFileSync(
    file,
    `# Benchmarks

Measured with \`npm run bench -- --write\`, which rewrites this page. Every figure is compared
with a baseline measured in the same run; no test asserts a speed. Comparisons of the code before
and after a change, measured by hand in one session, are in
[benchmarks-before-after.md](benchmarks-before-after.md).

Latest run: ${date} UTC on ${machine}.

## Event store appends

Two-event appends (an order created and its payment, ~300 B of JSON each) to new streams, on
the same PostgreSQL, each variant in its own fresh database with a pool of one connection per
writer. The variants take turns in 1 s slices (rotating order, a CHECKPOINT before each) so
background load does not land on one of them.

- (a) a plain node-postgres loop: BEGIN; INSERT the stream row; INSERT both events; COMMIT
  (4 round trips) into our schema;
- (b) our \`appendToStream\`: each append checked by \`es_append\` (idempotency slot, expected
  version with the xid guard, all events in one insert); the writers' concurrent appends share
  round trips and commits (\`es_append_batch\`, group commit, each append in its own
  subtransaction), as the shop's commands do;
- (c) Emmett's PostgreSQL event store (\`@event-driven-io/emmett-postgresql\`, a dev dependency
  of the bench only) appending the same events. Emmett 0.42 turns "stream does not exist" into
  no check, so it verifies less than (b) does.

Targets: (b)/(a) ≥ 0.85, (b)/(c) ≥ 1.3.

${formatMarkdown(appends)}

## Orders placed over HTTP

\`POST /api/orders\` with a realistic 3-item delivery order (a cake configured with a size, an
extra and a text; bread by the piece; six croissants), each one parsed, checked against every
checkout rule, priced from the catalogue, appended and answered, from 50 concurrent clients in
the bench process for 10 s, after 3 s of the same load unmeasured (JIT, pools and the readers'
batches settle) and a pause until the readers have caught up. A run counts only once every
measured order is published, projected and mailed (the last row). The baseline is the plain append loop (a)
of the event-store benchmark above at 8 writers, measured in the same run. Target: ≥ 0.5 of the
loop. The shop runs with \`RATE_LIMITS=off\`: the load comes from one address with one contact.

All in one process (API, publisher, projectors, notifier and gateway share one event loop, as
in \`npm start\`):

${formatOrders(orders, loop, loopLabel)}

API in its own process, publisher, projector and notifier in three more (the same 2 cores):

${formatOrders(ordersSplit, loop, loopLabel)}

## Confirm → WebSocket latency at 1,000 sockets

The shop runs as one all-in-one process on the real PostgreSQL and NATS (API, publisher,
projectors and gateway); the bench process holds the sockets and sends the commands. A sample
is timed from sending \`POST /api/orders/{id}/status/confirm\` (the commit happens inside it) to
the arrival of the order's new row on its socket: an upper bound of commit → socket. Target:
p99 ≤ 20 ms for the customers' case (one socket per order room); the board case (every one of
the 1,000 sockets in one room receives each update, all parsed by the one bench process) is
shown for scale. The shop runs with \`RATE_LIMITS=off\` and the socket cap raised: the
sockets and the orders come from one address.

${formatLatency(latency)}

## NATS outage: 1,000 sockets current again

\`scripts/bench/nats-outage.bench.ts\` (issue 15): the distributed layout (API, publisher,
projector and two gateways, each its own process) on the real PostgreSQL and a private
nats-server. 1,000 sockets from the bench process, half on each gateway: 980 each watch an order
of their own, 20 watch the boards of 20 branches (49 orders each). NATS is killed; all 980 orders
are confirmed meanwhile (the API and the projector need only the database; nothing reaches a
socket); 15 s after the kill NATS starts again. Measured: from the moment it accepts connections
until every socket shows every order it watches at the version the read model holds (the
gateways learn of the outage by their reconnect and by the projector's live message numbers, and
read their rooms again). Baseline, same run: the same 1,000 sockets connecting anew and taking
their snapshots, from the first connect until the last snapshot (what a gateway restart or all
clients reconnecting would cost). Before issue 15 no socket became current at all until its
client reconnected for another reason or the order changed again.

${formatOutage(outage)}

## Digital signage: 50 players after a gateway restart

\`scripts/bench/signage-reconnect.bench.ts\` (issue 21): the distributed layout (API, publisher,
projector, one gateway) on the real PostgreSQL and a private nats-server. 50 signage players,
plain WebSocket clients speaking the device protocol as the browser player does (\`auth\`, the
playlist over HTTP, the branch's pickup room; the player's reconnect back-off), are current: their
pickup snapshot shows an order confirmed before. The gateway is stopped (SIGTERM) and a new one
started on the same port; measured from the stop until every player is current again. Target ≤ 5 s.

${formatSignageReconnect(signage)}

## WebSocket flood: 200 sockets from one client

\`scripts/bench/ws-flood.bench.ts\`: the embedded shop (\`startShop\` on PGlite in a fresh
\`DATA_DIR\`, the demo with its 30 days of history, readers caught up), the per-address socket cap
lifted for the run. 200 sockets from the bench process each subscribe to the demo's Zürich board
and to one order, as the outside test did. Counted: the statements PGlite ran while they
subscribed (each one runs on the event loop; the publisher's and projectors' own polling
included), the time until every socket has both snapshots, and \`/healthz\` asked one after another
meanwhile, against the idle \`/healthz\` of the same run. Before the change each subscription read
its room itself: 600 statements for the subscriptions (branch, board and order per socket). Now
one read of a room serves its new members for a second; the key check stays one per
subscription (a renewed key must count at once).

${formatFlood(flood)}

## Initial load

\`GET /api/init\` for a shop with 3 branches, 10 categories, 300 products (a fifth of them
configurable, some sold by weight) and a menu per branch, answered by the all-in-one process on
PostgreSQL; the baseline is one SQL query fetching the same rows with node-postgres (no HTTP,
no JSON building). The anonymous answer is built once per change of the catalogue and then
served from memory; a client that sends its ETag back gets 304.

${formatInit(init)}

## Storefront: initial JavaScript

The storefront built by Vite as in production; per page the entry chunk, the page's chunk and
every chunk they import statically (what the browser must load before the page can show),
gzipped at level 9 (the server sends the build's brotli copies, smaller still). The baseline,
built in the same run by the same bundler: a bare React 19 app rendering one heading. Target:
the menu page ≤ 150 KB.

${formatStorefront(weight)}

## Back-office: the product list

\`scripts/bench/backoffice.bench.ts\` (issue 17). The back-office built as in production; per
screen its chunk, the entry and what they import statically, gzipped at level 9, against the
same bare React app. Target: the product list ≤ 250 KB (its editor is a chunk of its own). Then the
list's filter (search text made once per load, one pass per keystroke) over 2,000 products, the
median per keystroke of three typed queries, against a bare \`Array.filter\` of lower-case names
in the same run. Target: well under one 16.7 ms frame. The list's rows are virtual, so what the
browser renders per keystroke does not grow with the number of products.

${formatBackoffice(backoffice)}

Opening the product editor (\`scripts/bench/editor-open.bench.ts\`): a page built by Vite with the
back-office's configuration (\`scripts/bench/editor-open/\`) mounts the real \`ProductEditor\` in
the app's providers (i18n, the router at \`/backend/products/{id}\`), as it opens (its history
beside the form folded, as for an owner who has not asked for it) and with its history shown (as
after an owner chose to show it: remembered per browser), or one of two plain React 19 forms of
the same fields without a form library, schema, i18n, hooks per field, drag and drop or history:
**the editor's look** (\`same-look-form.ts\`: the very elements, classes, labels, hints and buttons
the editor's page shows for the product once settled, taken from that page before the measured
openings, the values as \`defaultValue\`) and the **bare form** (\`plain-form.ts\`: one label,
input and line break per field, no styles: what any form of these fields must render at least).
\`fetch\` is answered in the page from one fixture, parsed with the API's contracts: a configured
product with every field (2 alternative units, 3 images, a schedule, the lead time on, 3 parts of
5 options, French and English texts), its images, its 7 history entries and the shop's
configuration; every form loads what it shows through it, so no network time is measured.
Chromium opens them in one page, taking turns: unmount, then time from \`root.render\` until the
name input holds the product's name and the next frame has been painted, until every field is in
the page, until the pictures' alternative texts are shown too (every field with its value) and,
with the history shown, until its entries are. CDP \`Performance.getMetrics\` adds the main
thread's work per opening until the page has settled; its CPU time (ThreadTime) depends least on
other load on the machine. Target: the editor as it opens ≤ ${EDITOR_RATIO_TARGET} × the plain form with
its look, until every field is painted with its value and in CPU time: that ratio counts what
the editor's machinery costs. The ratio to the bare form is shown beside; it counts the look as
well (the row "markup alone": each settled page set as HTML, without any script, laid out and
painted), and the plain form with the editor's look is itself about 1.4 × the bare one.

${formatEditorOpen(editorOpen)}

## Storefront: Lighthouse

Lighthouse (the npm package) with Debian's Chromium (chrome-launcher, headless) on the home page,
the Zürich Altstadt menu and its checkout with three products in the cart (stored in the tab's
session storage on the shop's origin before Lighthouse navigates the same tab). The data is the
demo shop on a fresh PostgreSQL database; the shop's and the browser's clocks are pinned to a
Tuesday 10:00 in Zürich, so every branch is open. Lighthouse uses its mobile preset (a Moto G
Power-sized screen, simulated slow 4G, 4× CPU slowdown) with the performance and accessibility
categories. Each page runs 3 times in a fresh browser context; the run with the median
performance score is shown. The baseline is the shop's static offline page (inline CSS, no
script), served by the same process with the same settings. Targets: performance ≥ 90,
accessibility ≥ 95.

${formatLighthouse(lighthouse)}

## Storefront: scrolling a menu of 300 products

On the demo shop, the admin API creates 10 categories, 300 products (with pictures, a fifth
configurable, some sold by weight) and a Zürich menu holding all of them. Chromium
(playwright-core) opens the menu on a 390 × 844 phone (3× pixels) with the CPU slowed 4× and
scrolls the whole page at 2000 px/s, one step per animation frame. The page records each
frame's duration (requestAnimationFrame) and the long tasks (PerformanceObserver). The baseline
is the same scroll of a static page of the same height, on the same origin, with 300 similar
cards and the same pictures and no script. Menu and baseline take turns, 3 rounds, each in a
fresh context; medians are shown. Targets: dropped-frame share ≤ 1.5 × the baseline's (shares
under 1 % count as 1 %) and p95 frame time ≤ 1.25 × the baseline's.

${formatMenuScroll(scroll)}

## Frontdesk board: 200 open orders

On the demo shop (\`RATE_LIMITS=off\`: its orders come from one address), orders are placed
through the API on Zürich Altstadt; Chromium
(playwright-core) opens the key board (\`/backend/frontdesk/{branchId}/{apiKey}\`) on a
1280 × 800 tablet screen with the CPU slowed 4×. The bench then moves orders one step each
through the API (confirm, ready, completed) and waits, in the page, for each card to reach its
new lane. Per event the page records the main thread's work (CDP \`Performance.getMetrics\`
TaskDuration, ScriptDuration, RecalcStyle + Layout, before and after the run, divided by the
events), the distinct cards whose DOM changed (a MutationObserver) and the long tasks. The
baseline, in the same run and browser: the same updates while the board holds about 10 orders.
A full re-render per event would grow with the board (~20×); memoised cards keep the ratio near
1. Target: ≤ ${WORK_RATIO_TARGET} × the baseline's work per event.

${formatBoard(boardRun)}

## Statistics: one year of history

\`scripts/bench/statistics.bench.ts\`: a million orders planned like the demo's history
(\`planHistory\`: weekday and lunch peaks, about 5 % rejected or canceled, ratings) over 365 days
on three branches; their events are made by the order decider (\`decide\`, as the command path
would) and written to the event store in bulk, with the consented page views around each order
in the analytics log (the customer's home, menu, checkout and status, two customers in five
regulars who come back, every third order a visitor who only looks). The statistics and visitors
projections are then rebuilt from the first event and hit (events per second), and each
statistics query (the function behind its
endpoint, without HTTP) is asked for the whole year over all branches (unique visitors also for
one branch and for two, an employee's), 40 times after 5 warm-ups. The baseline, in the same
run: the orders by outcome, the revenue, the revenue per day and the order times computed
straight from the raw events (\`statistics-reference.ts\`, the tests' reference); for unique
visitors, the exact count of distinct ids straight from the log, next to the answer (a sketch
estimate over this many visitor-days, docs/statistics.md#unique-visitors). Target: every
query's p95 ≤ ${STATISTICS_P95_TARGET_MS} ms.

${formatStatistics(statistics)}

## Uploads: /healthz while 10 clients upload 10 MB

\`scripts/bench/uploads.bench.ts\`: the shop runs in a process of its own, embedded (\`npm start\`'s
\`services/all-in-one/src/main.ts\` on PGlite in a fresh \`DATA_DIR\`, its demo loaded) or as the
distributed API process (\`services/api/src/main.ts\`) on PostgreSQL and NATS, with
\`RATE_LIMITS=off\` and the anonymous cap raised to 10 MB by \`SHOP_LIMITS\`. After start the bench
waits until the publisher and projectors have caught up (their counters on \`/metrics\` stood
still for 5 s) and until \`/healthz\` has answered 400 times in a row within 50 ms. A worker thread of the bench asks \`/healthz\` every 5 ms,
each latency counted from when the request was due (a stalled server is not asked less often).
Idle and load phases take turns four times: 2.5 s idle, then 10 clients (a process of their own)
each upload a 10 MB file twice (\`POST /api/uploads\`, a 13.4 MB JSON body with a data URL; one
unmeasured upload first), then a wait until the uploads' events are published and projected; the
probes of each kind of phase are pooled.
Target: the p99 under load ≤ 3 × the idle p99 of the same run. The floor column: a trivial HTTP
server in a process of its own, asked by a second probe thread in the same phases, shows what the
two-core machine adds by itself.

${formatUploads(uploads)}

${UPLOADS_BEFORE}
`,
  )
  process.stdout.write(`\nwrote ${file}\n`)
}
