import {
  adminRestaurantQuerySchema,
  catalogueDocumentSchema,
  catalogueEditorResponseSchema,
  catalogueExportQuerySchema,
  catalogueHistoryResponseSchema,
  catalogueImageResponseSchema,
  catalogueImportBodySchema,
  catalogueImportResponseSchema,
  cataloguePublishBodySchema,
  cataloguePublishResponseSchema,
  maxProductImageBytes,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { requireAbility, staffAccess } from '../admin/access.js';
import { imageUploadErrors, productImageTypes, storeProductImage } from '../admin/uploads.js';
import { userOf } from '../auth/identity.js';
import { catalogueEditorService } from './service.js';

const ok = <T>(data: T) => ({ data, error: null });

/** The catalogue editor of the back office (decision 038): managers and owners; history for owners. */
export const catalogueEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = staffAccess(app.db);
  const editor = catalogueEditorService(app.db);
  const tags = ['admin'];

  // Draft images arrive as the raw file (as the admin's product image upload).
  app.addContentTypeParser(
    [...productImageTypes],
    { parseAs: 'buffer', bodyLimit: maxProductImageBytes },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/v2/admin/catalogue',
    {
      preValidation: requireAbility('menu'),
      schema: {
        tags,
        summary: "The restaurant's published catalogue as an editable document, with its publish revision",
        querystring: adminRestaurantQuerySchema,
        response: { 200: catalogueEditorResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.query.restaurant_id);
      return ok(await editor.current(tenantId, restaurant.id));
    },
  );

  app.post(
    '/v2/admin/catalogue/publish',
    {
      preValidation: requireAbility('menu'),
      schema: {
        tags,
        summary: 'Publish an edited catalogue at once (one version move); 409 when it was published since',
        body: cataloguePublishBodySchema,
        errors: { 409: 'Someone published the catalogue after this draft was read' },
        response: { 200: cataloguePublishResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.body.restaurant_id);
      const { base_revision, document } = request.body;
      const who = { userId: userOf(request).userId, source: 'editor' as const };
      return ok(await editor.publish(tenantId, restaurant.id, base_revision, document, who));
    },
  );

  app.get(
    '/v2/admin/catalogue/export',
    {
      preValidation: requireAbility('menu'),
      schema: {
        tags,
        summary: 'The catalogue as a JSON document or a CSV file (one row per category, product, value and option)',
        querystring: catalogueExportQuerySchema,
        produces: ['application/json', 'text/csv'],
        response: { 200: z.union([catalogueDocumentSchema, z.string().describe('The CSV file')]) },
      },
    },
    async (request, reply) => {
      const { tenantId, restaurant } = await access.scope(request, request.query.restaurant_id);
      const { format } = request.query;
      const body = await editor.export(tenantId, restaurant.id, format);
      return reply
        .type(format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalogue-${restaurant.id}.${format}"`)
        .send(body);
    },
  );

  app.post(
    '/v2/admin/catalogue/import',
    {
      preValidation: requireAbility('menu'),
      schema: {
        tags,
        summary: 'Import a JSON or CSV catalogue: a dry run lists every change and error; an apply is all or nothing',
        body: catalogueImportBodySchema,
        errors: { 409: 'Someone published the catalogue while it was being imported' },
        response: { 200: catalogueImportResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.body.restaurant_id);
      return ok(
        await editor.import(tenantId, userOf(request).userId, { ...request.body, restaurant_id: restaurant.id }),
      );
    },
  );

  app.get(
    '/v2/admin/catalogue/history',
    {
      preValidation: requireAbility('catalogueHistory'),
      schema: {
        tags,
        summary: 'Who published which catalogue changes and when (owners)',
        querystring: adminRestaurantQuerySchema,
        response: { 200: catalogueHistoryResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.query.restaurant_id);
      return ok(await editor.history(tenantId, restaurant.id));
    },
  );

  app.post(
    '/v2/admin/catalogue/images',
    {
      preValidation: requireAbility('menu'),
      bodyLimit: maxProductImageBytes,
      schema: {
        tags,
        summary: 'Store an image for the catalogue draft: the raw JPEG, PNG or WebP file, at most 2 MB',
        querystring: adminRestaurantQuerySchema,
        upload: productImageTypes,
        errors: imageUploadErrors,
        response: { 200: catalogueImageResponseSchema },
      },
    },
    async (request) => {
      await access.scope(request, request.query.restaurant_id);
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('unsupported_media_type', 'Upload a JPEG, PNG or WebP image', { image: 'Not an image' });
      }
      return ok({
        image: await storeProductImage(app.config.uploadsDir, request.body, request.headers['content-type']),
      });
    },
  );
};
