import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';

/**
 * With `API_TARGET=<url>` the dev server proxies the back-end paths to that server and the
 * built-in mock backend stays off; without it the app runs on the mock backend (MSW worker).
 */
const apiTarget = process.env.API_TARGET;
const proxiedPrefixes = ['/api', '/ueditor', '/storage'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@generated': fileURLToPath(new URL('./generated', import.meta.url)),
    },
  },
  define: {
    __MOCK_BACKEND__: JSON.stringify(!apiTarget),
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: apiTarget
      ? Object.fromEntries(
          proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
        )
      : undefined,
  },
});
