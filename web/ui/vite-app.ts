import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Plugin, UserConfig } from 'vite'

// The Vite configuration both web apps share (storefront and back-office): React, the browser's
// catalogue module, an es2022 build, and in development the API, the socket and the files passed
// to the shop (`npm start` on port 3000, or SHOP_URL). In production the API process serves dist/.

const SHARED_I18N = fileURLToPath(new URL('../../shared/i18n/index.ts', import.meta.url))

/**
 * Every import of the shared catalogue module (the domain's too) gets the app's browser version
 * (`browserI18n`): the same functions, only the catalogues the app bundles, other locales on demand.
 */
function browserCatalogues(browserI18n: string): Plugin {
  return {
    name: 'shop-browser-catalogues',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.includes('i18n') || importer === browserI18n) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved?.id === SHARED_I18N ? browserI18n : null
    },
  }
}

export function webAppConfig(opts: { browserI18n: string; base?: string }): UserConfig {
  const target = process.env.SHOP_URL ?? 'http://127.0.0.1:3000'
  return {
    ...(opts.base ? { base: opts.base } : {}),
    plugins: [browserCatalogues(opts.browserI18n), react()],
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
  }
}
