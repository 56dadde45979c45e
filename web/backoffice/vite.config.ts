import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// The back-office (staff) app, served by the API process under /backend (docs/backoffice.md).
// In development Vite serves it and passes the API and the socket to the shop (`npm start` on
// port 3000, or SHOP_URL): open http://localhost:5173/backend/.
const target = process.env.SHOP_URL ?? 'http://127.0.0.1:3000'

const SHARED_I18N = fileURLToPath(new URL('../../shared/i18n/index.ts', import.meta.url))
const BROWSER_I18N = fileURLToPath(new URL('./src/lib/i18n-catalogues.ts', import.meta.url))

/**
 * Every import of the shared catalogue module (the domain's too) gets the browser's version:
 * the same functions, only the catalogues the staff screens use, other locales on demand.
 */
function browserCatalogues(): Plugin {
  return {
    name: 'shop-browser-catalogues',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.includes('i18n') || importer === BROWSER_I18N) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved?.id === SHARED_I18N ? BROWSER_I18N : null
    },
  }
}

export default defineConfig({
  base: '/backend/',
  plugins: [browserCatalogues(), react()],
  build: {
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
  },
  server: {
    proxy: {
      '/api': target,
      '/image': target,
      '/upload': target,
      '/payments': target,
      '/ws': { target: target.replace(/^http/, 'ws'), ws: true },
    },
  },
})
