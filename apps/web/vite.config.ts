import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The API server the dev server and `vite preview` forward /api (HTTP and the live WebSocket) to. */
const apiTarget = process.env.ANTREAN_API_URL ?? 'http://127.0.0.1:3000';
const apiProxy = {
  '/api': { target: apiTarget, changeOrigin: false, ws: true },
};

/**
 * Vendor code that the first paint needs is split into a few long-lived chunks, so an app
 * release does not invalidate the browser's copy of React or Mantine. Only modules on the
 * static (initial) import graph are grouped: vendor code that only lazy screens use stays in
 * those screens' own chunks.
 */
const vendorGroups = [
  {
    name: 'vendor-react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
    priority: 40,
  },
  {
    // Apart from React itself: the device screens (devices.html) do not use the router.
    name: 'vendor-router',
    test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 35,
  },
  {
    name: 'vendor-mantine',
    test: /[\\/]node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|clsx|react-number-format|react-textarea-autosize|dayjs)[\\/]/,
    priority: 30,
  },
  {
    name: 'vendor-data',
    test: /[\\/]node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|zod)[\\/]/,
    priority: 20,
  },
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // Two apps: the dashboard/staff app and the light device screens (kiosk, displays, on-site).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        devices: fileURLToPath(new URL('./devices.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: vendorGroups.map((group) => ({ ...group, tags: ['$initial' as const] })),
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
