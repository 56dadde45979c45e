import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// In development Vite serves the app and passes the API, the socket and the files to the shop
// (`npm start` on port 3000, or SHOP_URL). In production the API process serves dist/.
const target = process.env.SHOP_URL ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react()],
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
