import fs from 'node:fs';
import nodePath from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => {
  const browserBuild = command === 'build' && !isSsrBuild;
  return {
    plugins: [
      react(),
      tailwindcss(),
      ...(browserBuild ? [routerComponentsPure(), reactSentinelsStackless(), precompressed()] : []),
    ],
    resolve: {
      alias: [
        { find: '@', replacement: path('./src') },
        // Decision 049: the browser bundle takes React Router's production build (its development
        // build, the package's only export, keeps the developer warnings). Tests and the server keep it.
        ...(browserBuild
          ? [{ find: /^react-router$/, replacement: path('../../node_modules/react-router/dist/production/index.mjs') }]
          : []),
      ],
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
      ...(browserBuild && {
        // Decision 049: a lazy import in the browser (a route, a dialog) fetches its chunk, which imports
        // what it needs; no list of every lazy chunk's dependencies rides in the first chunk. The page's
        // own route is preloaded by the server (decision 035) and the entry's by index.html. Styles stay
        // listed, so a chunk's CSS still arrives with it. Every browser has modulepreload: no polyfill.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
            hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
        },
        rolldownOptions: {
          output: {
            // Decision 049: short chunk names; every lazy import in the first chunk lists its chunks by name.
            chunkFileNames: 'assets/[hash].js',
            // Decision 061: V8 compiles the first chunk's functions while the file streams in, off the main
            // thread, rather than each on its first call during hydration (Chromium's explicit compile hint).
            postBanner: (chunk: { name: string }) => (chunk.name === 'app' ? '//# allFunctionsCalledOnLoad' : ''),
            // Decision 049: everything the entry imports statically is one chunk, compressed as one file,
            // instead of the ~30 small chunks it shares with the lazy routes.
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'], test: notTheEntry },
                // Decision 056: the small leaves the catalogue pages share with the cart, checkout and the back
                // office (money, a product's picture, labels, dayparts) as one chunk rather than six. Their own
                // imports are in the first chunk or among them, so the group leaves dependencies where they are.
                { name: 'shared-leaves', test: sharedLeaf, includeDependenciesRecursively: false },
              ],
            },
          },
        },
      }),
    },
  };
});

const sharedLeaf =
  /\/src\/(lib\/money|features\/menu\/components\/product-image|components\/ui\/label-badges)\.tsx?$|\/core\/src\/(rules\/(uploaded-images|dayparts)|contract\/menu-labels)\.ts$/;

/** The entry stays its own chunk, so the manifest and index.html still name it as the entry. */
function notTheEntry(id: string): boolean {
  return !id.endsWith('/index.html') && !id.endsWith('/src/main.tsx');
}

/**
 * Decision 056: React Router's production build creates its components and contexts with calls the
 * bundler must keep (`var Form = React.forwardRef(…)`, then `Form.displayName = "Form"`), so every
 * component rides in the first chunk whether used or not. Marked pure and without the names (which
 * only developer tools read), the unused ones (`Form`, its submit hooks) drop out. Lines keep their
 * places (a name becomes blanks), so the source map still points at the right lines.
 */
function routerComponentsPure() {
  return {
    name: 'router-components-pure',
    transform(code: string, id: string) {
      if (!/\/react-router\/dist\/production\/chunk-\w+\.mjs$/.test(id)) return null;
      const pure = code
        .replace(/^\w+\.displayName = "[^"]*";$/gm, (line) => ' '.repeat(line.length))
        .replace(/^var (\w+) = (React\d*\.(?:forwardRef|createContext|memo)\()/gm, 'var $1 = /* @__PURE__ */ $2');
      return { code: pure, map: null };
    },
  };
}

/**
 * Decision 061: React DOM's client creates five errors at its module's top level (`SuspenseException` and
 * the like), markers it throws and compares, never shown with a stack. With DevTools attached (Lighthouse
 * is), each error's stack takes source positions for every frame on it, and one frame is React DOM's whole
 * module: V8 parses its ~200 KB again, ~10 ms of the page's first task. Made with `Error.stackTraceLimit`
 * unset they carry no stack and nothing is parsed. Lines keep their places (the helper goes on the last line).
 */
function reactSentinelsStackless() {
  const helper =
    'function stacklessError(code) { var limit = Error.stackTraceLimit; Error.stackTraceLimit = void 0; try { return Error(formatProdErrorMessage(code)); } finally { Error.stackTraceLimit = limit; } }';
  return {
    name: 'react-sentinels-stackless',
    transform(code: string, id: string) {
      if (!id.endsWith('/react-dom/cjs/react-dom-client.production.js')) return null;
      let count = 0;
      const stackless = code.replace(
        /^(var | {2})(\w+Exception) = Error\(formatProdErrorMessage\((\d+)\)\)/gm,
        (_, lead, name, n) => {
          count++;
          return `${lead}${name} = stacklessError(${n})`;
        },
      );
      if (count !== 5)
        throw new Error(`react-sentinels-stackless: expected React DOM's five marker errors, found ${count}`);
      return { code: `${stackless}\n${helper}`, map: null };
    },
  };
}

/**
 * Decision 060: every text file the browser fetches gets a brotli (quality 11) and a gzip (level 9)
 * copy beside it, which the server sends as they are (`preCompressed`). Compressed per request the
 * first chunk went out at brotli's quality 4, larger than gzip -9 and costing the server each time.
 * The server bundle and the manifest are not served; `index.html` is the server's template.
 */
function precompressed() {
  const text = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/;
  let outDir = '';
  return {
    name: 'precompressed',
    configResolved(config: { build: { outDir: string }; root: string }) {
      outDir = nodePath.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = nodePath.join(dir, entry.name);
          if (entry.isDirectory()) return entry.name === 'server' || entry.name === '.vite' ? [] : walk(file);
          return text.test(entry.name) ? [file] : [];
        });
      for (const file of walk(outDir)) {
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        const br = brotliCompressSync(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
