import {
  adminIdParamsSchema,
  adminMenuResponseSchema,
  adminModifierResponseSchema,
  adminProductResponseSchema,
  adminRestaurantQuerySchema,
  availabilityBodySchema,
  maxProductImageBytes,
  productEditBodySchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { requireAbility, staffAccess } from './access.js';
import { adminMenuService } from './menu-service.js';
import { imageUploadErrors, productImageTypes, storeProductImage } from './uploads.js';

const ok = <T>(data: T) => ({ data, error: null });

/** A restaurant's menu: availability ('86'), prices, descriptions and images. */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = staffAccess(app.db);
  const menu = adminMenuService(app.db);
  const tags = ['admin'];

  app.get(
    '/v2/admin/menu',
    {
      preValidation: requireAbility('availability'),
      schema: {
        tags,
        summary: "A restaurant's products and modifier options with availability, prices and texts",
        querystring: adminRestaurantQuerySchema,
        response: { 200: adminMenuResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.query.restaurant_id);
      return ok(await menu.menu(tenantId, restaurant));
    },
  );

  app.patch(
    '/v2/admin/products/:id/availability',
    {
      preValidation: requireAbility('availability'),
      schema: {
        tags,
        summary: "Mark a product out of stock ('86') for today or until turned back, or back on sale",
        params: adminIdParamsSchema,
        body: availabilityBodySchema,
        response: { 200: adminProductResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.body.restaurant_id);
      return ok(await menu.setProductAvailability(tenantId, restaurant, request.params.id, request.body));
    },
  );

  app.patch(
    '/v2/admin/modifiers/:id/availability',
    {
      preValidation: requireAbility('availability'),
      schema: {
        tags,
        summary: 'Mark a modifier option out of stock for today or until turned back, or back on sale',
        params: adminIdParamsSchema,
        body: availabilityBodySchema,
        response: { 200: adminModifierResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.body.restaurant_id);
      return ok(await menu.setModifierAvailability(tenantId, restaurant, request.params.id, request.body));
    },
  );

  app.patch(
    '/v2/admin/products/:id',
    {
      preValidation: requireAbility('menu'),
      schema: {
        tags,
        summary: "Edit a product's prices at the restaurant (cents) or its description (manager and owner)",
        params: adminIdParamsSchema,
        body: productEditBodySchema,
        response: { 200: adminProductResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.body.restaurant_id);
      return ok(await menu.editProduct(tenantId, restaurant, request.params.id, request.body));
    },
  );

  app.put(
    '/v2/admin/products/:id/image',
    {
      preValidation: requireAbility('menu'),
      bodyLimit: maxProductImageBytes,
      schema: {
        tags,
        summary: 'Upload the product image: the raw JPEG, PNG or WebP file as the body, at most 2 MB',
        params: adminIdParamsSchema,
        querystring: adminRestaurantQuerySchema,
        upload: productImageTypes,
        errors: imageUploadErrors,
        response: { 200: adminProductResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.query.restaurant_id);
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('unsupported_media_type', 'Upload a JPEG, PNG or WebP image', { image: 'Not an image' });
      }
      await menu.assertProductIn(tenantId, restaurant.id, request.params.id);
      const imagePath = await storeProductImage(app.config.uploadsDir, request.body, request.headers['content-type']);
      return ok(await menu.setProductImage(tenantId, restaurant, request.params.id, imagePath));
    },
  );
};
