import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react'
import { ApiError, apiGet } from './api.ts'
import type { Branch, Me } from './auth-model.ts'

/**
 * The logged-in staff member (GET /api/users/me) and the branches (names for the navigation).
 * A 401 has already sent the browser to the login page (lib/api.ts); any other failure shows
 * "Aktiver Benutzer konnte nicht geladen werden" with a retry.
 */
export type Session = {
  me: Me
  branches: Branch[]
  reload(): Promise<void>
}

type State =
  | { status: 'loading' }
  | { status: 'failed'; error: ApiError }
  | { status: 'ready'; session: Session }

const Context = createContext<Session | undefined>(undefined)

/** The session of the staff pages; only inside <SessionProvider> (every route but login/frontdesk). */
export function useSession(): Session {
  const session = useContext(Context)
  if (!session) throw new Error('useSession outside SessionProvider')
  return session
}

/** The session when there is one (components that also render outside the staff pages). */
export function useOptionalSession(): Session | undefined {
  return useContext(Context)
}

export function useSessionState(): [State, () => Promise<void>] {
  const [state, setState] = useState<State>({ status: 'loading' })
  const load = useCallback(async () => {
    try {
      const [me, branches] = await Promise.all([
        apiGet<Me>('/users/me'),
        apiGet<Branch[]>('/branches').catch(() => [] as Branch[]),
      ])
      setState({ status: 'ready', session: { me, branches, reload: load } })
    } catch (error) {
      setState({ status: 'failed', error: error instanceof ApiError ? error : new ApiError(0, []) })
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])
  return [state, load]
}

export function SessionContext({ session, children }: { session: Session; children: ReactNode }) {
  return <Context.Provider value={session}>{children}</Context.Provider>
}
