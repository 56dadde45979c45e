import { type ComponentType, createElement as h, type ReactNode, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { MemoryRouter, Route, Routes } from 'react-router'
import { apiAnswers, HISTORY, IMAGES, PRODUCT, PRODUCT_ID } from './fixture.ts'
import { PlainProductForm } from './plain-form.ts'
import { captureLook, type LookNode, SameLookForm } from './same-look-form.ts'

/**
 * The page of editor-open.bench.ts: mounts either the back-office's real product editor or the
 * plain form of the same fields (plain-form.ts) in the same providers as the app (i18n, the
 * router at /backend/products/{id}), with `fetch` answered in the page from the fixture, and
 * times each opening. entry.js hands in the back-office's own modules.
 *
 * Opened means: the form shows the product's name in its name input and the next frame has been
 * painted. Also noted: when every image's alternative text is in its input too (the editor reads
 * them with a request of their own after showing the form; the plain form loads them before it
 * renders), and for the editor when its history beside the form shows every version. The bench
 * lets the page settle before the next opening.
 */

/**
 * `editor`: the product editor as it opens (its history beside the form folded); `history`: the
 * same with the history shown (as after an owner chose to show it: remembered per browser).
 */
export type Kind = 'editor' | 'history' | 'plain' | 'styled'

export type Opened = {
  /** From `root.render` until the form shows the product's name and the next frame is painted. */
  nameMs: number
  /**
   * The same until every field of the form is in the page and painted (the last part's last
   * option, the schedule's last entry, the lead time's unit): the whole form, where `nameMs` may
   * count only what is on screen first.
   */
  formMs: number
  /** The same until the images' alternative texts are shown and painted too. */
  readyMs: number
  /** The same, for the editor until its history shows too (the plain form: readyMs). */
  completeMs: number
  /** Elements and form fields (input, select, textarea) in the page once settled. */
  elements: number
  fields: number
  /** The requests made by this opening. */
  requests: string[]
}

export type HarnessApi = {
  ready: true
  clear(): Promise<void>
  open(kind: Kind): Promise<Opened>
  /** Takes the editor's settled page as the same-look form's markup (after an editor opening). */
  captureLook(): boolean
  /** The page's markup as it is now. */
  html(): string
  /** Sets `html` into an element beside the forms' and resolves after the next paint. */
  showHtml(html: string): Promise<void>
  /** Requests the stub had no answer for, and errors thrown in the page. */
  unknown: string[]
  errors: string[]
}

// This file compiles with the root tsconfig (no DOM library), so the little it uses of the DOM
// is declared here, for this module only, as the other benches' browser sides do.
type El = {
  readonly value: string
  innerHTML: string
  querySelector(selectors: string): El | null
  querySelectorAll(selectors: string): ArrayLike<El>
}
declare const document: { getElementById(id: string): El | null }
declare const window: Record<string, unknown> & {
  addEventListener(type: 'error', listener: (event: { message: string }) => void): void
}
declare const location: { origin: string }
declare const localStorage: { setItem(key: string, value: string): void; removeItem(key: string): void }
declare const MutationObserver: new (
  callback: () => void,
) => {
  observe(target: El, options: { subtree: boolean; childList: boolean; attributes: boolean }): void
}
declare const HTMLInputElement: { prototype: object }
declare function requestAnimationFrame(callback: () => void): number

type Parts = {
  ProductEditor: ComponentType
  LocaleProvider: ComponentType<{ children: ReactNode }>
}

const TIMEOUT_MS = 10_000

export function startHarness({ ProductEditor, LocaleProvider }: Parts): void {
  const unknown: string[] = []
  const errors: string[] = []
  let requests: string[] = []
  window.addEventListener('error', (event) => errors.push(event.message))

  // The API: each answer serialized once, sent as a fresh Response per request (its JSON is
  // parsed by the caller, as from the network).
  const answers = new Map(
    Object.entries(apiAnswers()).map(([path, data]) => [path, JSON.stringify({ data })]),
  )
  window.fetch = async (input: unknown, init?: { method?: string }): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : String((input as { url?: string }).url ?? input),
      location.origin,
    )
    const method = (init?.method ?? 'GET').toUpperCase()
    const what = `${method} ${url.pathname}${url.search}`
    requests.push(what)
    const body =
      method === 'GET' ? answers.get(`${url.pathname.replace(/^\/api/, '')}${url.search}`) : undefined
    if (body === undefined) {
      unknown.push(what)
      return new Response(JSON.stringify({ errors: [] }), { status: 404 })
    }
    return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } })
  }

  const container = document.getElementById('root')
  if (!container) throw new Error('no #root')
  const markupBox = document.getElementById('markup')
  if (!markupBox) throw new Error('no #markup')
  const root = createRoot(container)

  // Wake-ups for the checks: any change of the DOM, and any input's value set by a script (a
  // controlled input's new value, or react-hook-form's, is no DOM mutation).
  const waiting = new Set<() => void>()
  let queued = false
  const wake = () => {
    if (queued || waiting.size === 0) return
    queued = true
    queueMicrotask(() => {
      queued = false
      for (const check of [...waiting]) check()
    })
  }
  new MutationObserver(wake).observe(container, { subtree: true, childList: true, attributes: true })
  const proto = HTMLInputElement.prototype
  const value = Object.getOwnPropertyDescriptor(proto, 'value')
  if (!value?.set) throw new Error('no value setter on HTMLInputElement')
  Object.defineProperty(proto, 'value', {
    ...value,
    set(this: object, next: unknown) {
      value.set?.call(this, next)
      wake()
    },
  })

  const until = (what: string, done: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      if (done()) {
        resolve()
        return
      }
      const timer = setTimeout(() => {
        waiting.delete(check)
        reject(new Error(`timed out waiting for ${what}; requests without answer: ${unknown.join(', ')}`))
      }, TIMEOUT_MS)
      const check = () => {
        if (!done()) return
        waiting.delete(check)
        clearTimeout(timer)
        resolve()
      }
      waiting.add(check)
    })
  /**
   * Resolves after the next frame has been painted, with what `check` said just before the paint
   * (in the frame's animation callback).
   */
  const nextPaint = (check: () => boolean = () => true) =>
    new Promise<boolean>((resolve) =>
      requestAnimationFrame(() => {
        const seen = check()
        setTimeout(() => resolve(seen), 0)
      }),
    )
  const settle = async () => {
    await nextPaint()
    await nextPaint()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }

  const values = (selectors: string) => Array.from(container.querySelectorAll(selectors), (el) => el.value)
  const altSelectors: Record<Kind, string> = {
    editor: '.bo-image__alt input',
    history: '.bo-image__alt input',
    plain: 'input[name^="images."][name$=".alt"]',
    styled: '.bo-image__alt input',
  }
  let look: LookNode | null = null
  const alts = IMAGES.map((image) => image.alt).join('\n')
  const nameShown = () => container.querySelector('input[name="name"]')?.value === PRODUCT.name
  const altsShown = (kind: Kind) => values(altSelectors[kind]).join('\n') === alts
  const parts = PRODUCT.config.parts
  const lastPart = parts.length - 1
  const lastFields = [
    `config.parts.${lastPart}.options.${(parts[lastPart]?.options.length ?? 0) - 1}.value`,
    `schedule.${PRODUCT.schedule.length - 1}.endDate`,
    'leadTimeType',
  ]
  const formShown = () => lastFields.every((name) => container.querySelector(`[name="${name}"]`) !== null)
  const historyShown = () => container.querySelectorAll('.bo-history__entry').length === HISTORY.length

  const tree = (kind: Kind | null) =>
    h(
      StrictMode,
      null,
      h(
        LocaleProvider,
        null,
        h(
          MemoryRouter,
          { basename: '/backend', initialEntries: [`/backend/products/${PRODUCT_ID}`] },
          h(
            Routes,
            null,
            h(Route, {
              path: 'products/:id',
              element:
                kind === 'editor' || kind === 'history'
                  ? h(ProductEditor)
                  : kind === 'plain'
                    ? h(PlainProductForm, { id: PRODUCT_ID })
                    : kind === 'styled' && look
                      ? h(SameLookForm, { id: PRODUCT_ID, look })
                      : null,
            }),
          ),
        ),
      ),
    )

  const api: HarnessApi = {
    ready: true,
    unknown,
    errors,
    html: () => container.innerHTML,
    async showHtml(html) {
      markupBox.innerHTML = html
      await nextPaint()
    },
    captureLook() {
      const main = container.querySelector('main')
      look = main ? captureLook(main as unknown as Parameters<typeof captureLook>[0]) : null
      return look !== null
    },
    async clear() {
      root.render(tree(null))
      await until('the form to go', () => container.querySelector('form') === null)
      await settle()
    },
    async open(kind) {
      requests = []
      // The editors' choice to show their history (lib/history/history-panel.tsx).
      if (kind === 'history') localStorage.setItem('bo-history-shown', '1')
      else localStorage.removeItem('bo-history-shown')
      const started = performance.now()
      const since = () => performance.now() - started
      root.render(tree(kind))
      await until(`the ${kind} to show the product's name`, nameShown)
      let formSeen = false
      const altsPainted = await nextPaint(() => {
        formSeen = formShown()
        return altsShown(kind)
      })
      const nameMs = since()
      let formMs = nameMs
      if (!formSeen) {
        await until(`the ${kind} to show every field`, formShown)
        await nextPaint()
        formMs = since()
      }
      if (!altsPainted) {
        await until(`the ${kind} to show the images' texts`, () => altsShown(kind))
        await nextPaint()
      }
      const readyMs = since()
      let completeMs = readyMs
      if (kind === 'history' && !historyShown()) {
        await until("the editor's history", historyShown)
        await nextPaint()
        completeMs = since()
      }
      await settle()
      return {
        nameMs,
        formMs,
        readyMs,
        completeMs,
        elements: container.querySelectorAll('*').length,
        fields: container.querySelectorAll('input, select, textarea').length,
        requests: [...requests],
      }
    },
  }
  // The providers are there before the first opening, as in the app.
  root.render(tree(null))
  window.__editorOpen = api
}
