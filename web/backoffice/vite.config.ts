import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { webAppConfig } from '../ui/vite-app.ts'

// The back-office (staff) app, served by the API process under /backend (docs/backoffice.md).
// In development open http://localhost:5173/backend/. Shared settings: web/ui/vite-app.ts.
export default defineConfig(
  webAppConfig({
    base: '/backend/',
    browserI18n: fileURLToPath(new URL('./src/lib/i18n-catalogues.ts', import.meta.url)),
  }),
)
