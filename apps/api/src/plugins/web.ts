import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { runtimeConfigGlobal } from '@storefront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { tenantService } from '../modules/tenants/service.js';
import { scriptNonce } from './security.js';

const headSlot = '<!--app-head-->';

/** JSON that is safe inside a <script> element. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Serves the built storefront: hashed assets cached for a year, index.html per tenant. */
export async function registerWeb(app: FastifyInstance, root: string) {
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    throw new Error(`The web build is missing (${indexFile}); run "npm run build" first.`);
  }
  const template = fs.readFileSync(indexFile, 'utf8');
  if (!template.includes(headSlot)) throw new Error(`${indexFile} has no ${headSlot} slot`);
  const tenants = tenantService(app.db, app.config.tenantId);

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    allowedPath: (pathname) => pathname !== '/index.html',
    setHeaders(res, filePath) {
      const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  return async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const tenant = await tenants.forHost(request.hostname);
    if (!tenant) throw new AppError('service_unavailable', 'This storefront is not configured');
    const config = tenants.runtimeConfig(tenant);
    const head = `<script nonce="${scriptNonce(reply.raw)}">window.${runtimeConfigGlobal}=${inlineJson(config)}</script>`;
    const html = template
      .replace(headSlot, head)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(tenant.name)}</title>`);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
}
