// `npm run dev`: the API restarting on change (tsx watch) behind the Vite dev server with hot reload.
// The product is what `npm start` serves; this is only the fast loop for working on it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', PORT: apiPort, WEB_DIST: '' },
  }),
  spawn(bin('vite'), ['--port', webPort, '--strictPort'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGINT');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) {
  child.once('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
