import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react'

/** One short message at a time in a polite live region ('Produkt zum Warenkorb hinzugefügt.'). */
const Context = createContext<(message: string) => void>(() => {})
const SHOW_MS = 3500

export function ToastProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<{ text: string; id: number } | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const show = useCallback((text: string) => {
    setMessage({ text, id: Date.now() })
  }, [])
  useEffect(() => {
    if (!message) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setMessage(null), SHOW_MS)
    return () => clearTimeout(timer.current)
  }, [message])
  return (
    <Context.Provider value={show}>
      {children}
      <div role="status" aria-live="polite" className="toast-region">
        {message ? (
          <div className="ui-toast" key={message.id}>
            {message.text}
          </div>
        ) : null}
      </div>
    </Context.Provider>
  )
}

export function useToast(): (message: string) => void {
  return useContext(Context)
}
