import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // `npm run dev`: the API runs on its own port behind this proxy.
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3001}` },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
