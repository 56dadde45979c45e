import type {
  CreateBlockBody,
  CreateBranchBody,
  CreateCategoryBody,
  CreateConfigBody,
  CreateDivisionBody,
  CreateDonateeBody,
  CreateMenuBody,
  CreateNavigationBody,
  CreateProductBody,
  CreateSiteBody,
  CreateTableBody,
  CreateTagBody,
} from '@shop/shared/contracts'
import { IMAGE_SIZES, type ImageSize } from '@shop/shared/contracts/http/images.ts'
import type { OpeningHoursRule } from '@shop/shared/domain/scheduling'
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { ApiError } from './api.ts'
import { activeLocale } from './i18n.tsx'

type WithMeta<T> = T & { id: string; version: number }

export type Config = Partial<CreateConfigBody> & Record<string, unknown>
/**
 * A branch as /api/init gives it. Its hours are typed as the scheduling domain reads them: a
 * closed rule stores no times (null), and the domain never reads the times of a closed rule,
 * so a Branch is a `BranchHours` as it is.
 */
export type Branch = Omit<WithMeta<CreateBranchBody>, 'openingHours' | 'deliveryHours'> & {
  timeZone: string
  openingHours: OpeningHoursRule[]
  deliveryHours: OpeningHoursRule[]
}
export type Product = WithMeta<CreateProductBody>
export type Category = WithMeta<CreateCategoryBody>
export type Menu = WithMeta<CreateMenuBody>
export type Tag = WithMeta<CreateTagBody>
export type Table = WithMeta<CreateTableBody>
export type Site = WithMeta<CreateSiteBody>
export type Navigation = WithMeta<CreateNavigationBody>
export type Block = WithMeta<CreateBlockBody>
export type Donatee = WithMeta<CreateDonateeBody>
export type Division = WithMeta<CreateDivisionBody>

/** What the server offers for payments (GET /api/payments, also in /api/init). */
export type PaymentsInfo = {
  onlineMethods: string[]
  /** Online payments go to the built-in test provider: the checkout says nothing is charged. */
  testMode: boolean
}

/** Spec §4 "Initial load": one combined answer distributed into the client's collections. */
export type ShopData = {
  config: Config
  me: unknown
  divisions: Division[]
  branches: Branch[]
  menus: Menu[]
  categories: Category[]
  products: Product[]
  tags: Tag[]
  tables: Table[]
  sites: Site[]
  navigations: Navigation[]
  blocks: Block[]
  donatees: Donatee[]
  payments: PaymentsInfo
}

const KEYS: Record<string, keyof ShopData> = {
  '/api/config': 'config',
  '/api/users/me': 'me',
  '/api/divisions': 'divisions',
  '/api/branches': 'branches',
  '/api/menus': 'menus',
  '/api/categories': 'categories',
  '/api/products': 'products',
  '/api/tags': 'tags',
  '/api/tables': 'tables',
  '/api/sites': 'sites',
  '/api/navigations': 'navigations',
  '/api/blocks': 'blocks',
  '/api/donatees': 'donatees',
  '/api/payments': 'payments',
}

export function emptyShopData(): ShopData {
  return {
    config: {},
    me: null,
    divisions: [],
    branches: [],
    menus: [],
    categories: [],
    products: [],
    tags: [],
    tables: [],
    sites: [],
    navigations: [],
    blocks: [],
    donatees: [],
    payments: { onlineMethods: [], testMode: false },
  }
}

export function distributeInit(items: readonly { url: string; data: unknown }[]): ShopData {
  const data = emptyShopData() as Record<keyof ShopData, unknown>
  for (const item of items) {
    const key = KEYS[item.url]
    if (key) data[key] = item.data ?? emptyShopData()[key]
  }
  return data as ShopData
}

/** Spec §9: the menu reloads every 4 hours, checked every 10 s. */
export const RELOAD_EVERY_MS = 4 * 60 * 60 * 1000
export const RELOAD_CHECK_MS = 10_000

let etag: string | undefined
let lastData: ShopData | undefined

/** GET /api/init, revalidated with its ETag (304 keeps what we have). */
export async function fetchShopData(): Promise<ShopData> {
  let res: Response
  try {
    res = await fetch('/api/init', {
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Accept-Language': activeLocale(),
        ...(etag && lastData ? { 'If-None-Match': etag } : {}),
      },
    })
  } catch {
    throw new ApiError(0, [])
  }
  if (res.status === 304 && lastData) return lastData
  if (!res.ok) throw new ApiError(res.status, [])
  const body = (await res.json()) as { data: { url: string; data: unknown }[] }
  etag = res.headers.get('etag') ?? undefined
  lastData = distributeInit(body.data)
  return lastData
}

type State = {
  data: ShopData | undefined
  error: ApiError | undefined
  loadedAt: number
  reload: () => Promise<void>
}

const Context = createContext<State>({
  data: undefined,
  error: undefined,
  loadedAt: 0,
  reload: async () => {},
})

export function ShopDataProvider({ children, initial }: { children: ReactNode; initial?: ShopData }) {
  const [data, setData] = useState<ShopData | undefined>(initial)
  const [error, setError] = useState<ApiError | undefined>()
  const [loadedAt, setLoadedAt] = useState(initial ? Date.now() : 0)
  const loading = useRef<Promise<void> | undefined>(undefined)
  const reload = useCallback(() => {
    loading.current ??= fetchShopData()
      .then((next) => {
        setData(next)
        setError(undefined)
        setLoadedAt(Date.now())
      })
      .catch((e: unknown) => setError(e instanceof ApiError ? e : new ApiError(0, [])))
      .finally(() => {
        loading.current = undefined
      })
    return loading.current
  }, [])
  useEffect(() => {
    if (!initial) void reload()
  }, [initial, reload])
  useEffect(() => {
    const timer = setInterval(() => {
      if (Date.now() - loadedAt >= RELOAD_EVERY_MS) void reload()
    }, RELOAD_CHECK_MS)
    return () => clearInterval(timer)
  }, [loadedAt, reload])
  const value = useMemo(() => ({ data, error, loadedAt, reload }), [data, error, loadedAt, reload])
  return <Context.Provider value={value}>{children}</Context.Provider>
}

export function useShopData(): State {
  return useContext(Context)
}

/** The data, once loaded (pages render inside the shell, which waits for it). */
export function useShop(): ShopData {
  const { data } = useContext(Context)
  if (!data) throw new Error('useShop outside a loaded shop')
  return data
}

/** A branch by its identifier (the `/store/{branchIdentifier}` part). */
export function useBranch(identifier: string | undefined): Branch | undefined {
  const { branches } = useShop()
  return branches.find((b) => b.identifier === identifier)
}

/** Image URLs (spec §7 Assets): sized variants up to large 1920. */

export function imageUrl(
  image: { id: string; version: number; extension: string },
  size?: ImageSize,
): string {
  const name = `${image.id}-${image.version}.${image.extension}`
  return size ? `/image/${size}/${name}` : `/image/${name}`
}

export function imageSrcSet(image: { id: string; version: number; extension: string }): string {
  return (['tiny', 'small', 'medium'] as const)
    .map((size) => `${imageUrl(image, size)} ${IMAGE_SIZES[size]}w`)
    .join(', ')
}
