import '@shop/ui/styles.css'
import './app/app.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/router.tsx'
import { LocaleProvider } from './lib/i18n.tsx'
import { ShopDataProvider } from './lib/shop-data.tsx'
import { ToastProvider } from './lib/toast.tsx'

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <LocaleProvider>
        <ShopDataProvider>
          <ToastProvider>
            <App />
          </ToastProvider>
        </ShopDataProvider>
      </LocaleProvider>
    </StrictMode>,
  )
}
