import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // `npm run dev`: the API runs on its own port behind this proxy.
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3001}` },
  },
  // The server bundle (decision 035) carries its own React and libraries: the API process loads it as it is.
  ssr: { noExternal: true },
  build: {
    target: isSsrBuild ? 'node20' : 'es2022',
    sourcemap: true,
    // The page links the first route's chunks for preloading from this manifest.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
  },
}));
