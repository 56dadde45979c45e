import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { webAppConfig } from '../ui/vite-app.ts'

// The storefront (docs/storefront.md); the shared settings are in web/ui/vite-app.ts.
export default defineConfig(
  webAppConfig({
    browserI18n: fileURLToPath(new URL('./src/lib/i18n-catalogues.ts', import.meta.url)),
  }),
)
