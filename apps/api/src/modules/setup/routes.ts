import {
  adminDeliveryZoneBodySchema,
  adminDeliveryZoneListResponseSchema,
  adminDeliveryZoneResponseSchema,
  adminIdParamsSchema,
  adminRestaurantBodySchema,
  adminRestaurantListResponseSchema,
  adminRestaurantResponseSchema,
  adminRestaurantStatusBodySchema,
  businessSettingsBodySchema,
  businessSettingsResponseSchema,
  deliveryZoneTestBodySchema,
  deliveryZoneTestResponseSchema,
  diningTableBodySchema,
  diningTableListResponseSchema,
  diningTableResponseSchema,
  maxProductImageBytes,
  productImageTypes,
  restaurantClosureBodySchema,
  restaurantClosureListResponseSchema,
  restaurantClosureResponseSchema,
  restaurantSubParamsSchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { requireAbility, staffAccess } from '../admin/access.js';
import { imageUploadErrors, storeProductImage } from '../admin/uploads.js';
import { userOf } from '../auth/identity.js';
import { geocoderFor } from '../fulfilment/geocoder.js';
import { deleted, ok, partsDeps } from './route-support.js';
import { businessService, restaurantSetupService } from './service.js';
import { specialHoursRoutes } from './special-hours-routes.js';

/** Business settings (owner). */
const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  const setup = businessService(app.db);
  const tags = ['admin'];
  const owner = requireAbility('business');

  app.get(
    '/v2/admin/business',
    {
      preValidation: owner,
      schema: {
        tags,
        summary: "The business's legal and contact details, tax, currency and locale (owner)",
        response: { 200: businessSettingsResponseSchema },
      },
    },
    async (request) => ok(await setup.business(userOf(request).tenantId)),
  );

  app.put(
    '/v2/admin/business',
    {
      preValidation: owner,
      schema: {
        tags,
        summary: "Save the business's details; ABN and ACN are checked by the register's checksums (owner)",
        errors: { 409: 'Currency or locale changed after the business took orders' },
        body: businessSettingsBodySchema,
        response: { 200: businessSettingsResponseSchema },
      },
    },
    async (request) => ok(await setup.saveBusiness(userOf(request).tenantId, request.body)),
  );
};

/** Restaurants: list, create, edit, open or close for good, image, delete. */
const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  // The restaurant's image arrives as the raw file: only these types, at most 2 MB (checked again by bytes).
  app.addContentTypeParser(
    [...productImageTypes],
    { parseAs: 'buffer', bodyLimit: maxProductImageBytes },
    (_request, body, done) => done(null, body),
  );
  const setup = restaurantSetupService(app.db, geocoderFor(app.config));
  const access = staffAccess(app.db);
  const tags = ['admin'];
  const owner = requireAbility('business');
  const manager = requireAbility('restaurants');

  app.get(
    '/v2/admin/restaurants',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'The restaurants the caller manages, open and closed, with their ordering times set-up',
        response: { 200: adminRestaurantListResponseSchema },
      },
    },
    async (request) => ok(await setup.restaurants(userOf(request))),
  );

  app.post(
    '/v2/admin/restaurants',
    {
      preValidation: owner,
      schema: {
        tags,
        summary:
          'Create a restaurant (owner); it opens in the storefront once it has hours. With a map service its address is placed on the map',
        errors: { 422: 'The map service did not answer: the restaurant is not saved' },
        body: adminRestaurantBodySchema,
        response: { 200: adminRestaurantResponseSchema },
      },
    },
    async (request) => ok(await setup.createRestaurant(userOf(request).tenantId, request.body)),
  );

  app.get(
    '/v2/admin/restaurants/:id',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'One restaurant the caller manages',
        params: adminIdParamsSchema,
        response: { 200: adminRestaurantResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.detail(tenantId, restaurant.id));
    },
  );

  app.put(
    '/v2/admin/restaurants/:id',
    {
      preValidation: manager,
      schema: {
        tags,
        summary:
          "Edit a restaurant's address, contact, timezone and ordering times (lead time, slots, ASAP); a moved address is placed on the map again",
        errors: { 422: 'The map service did not answer: nothing is changed' },
        params: adminIdParamsSchema,
        body: adminRestaurantBodySchema,
        response: { 200: adminRestaurantResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.updateRestaurant(tenantId, restaurant.id, request.body));
    },
  );

  app.put(
    '/v2/admin/restaurants/:id/status',
    {
      preValidation: owner,
      schema: {
        tags,
        summary: 'Open (1) or close for good (0) a restaurant; a closed one is hidden from the storefront (owner)',
        params: adminIdParamsSchema,
        body: adminRestaurantStatusBodySchema,
        response: { 200: adminRestaurantResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.setStatus(tenantId, restaurant.id, request.body.status));
    },
  );

  app.delete(
    '/v2/admin/restaurants/:id',
    {
      preValidation: owner,
      schema: {
        tags,
        summary: 'Delete a restaurant that never took an order (owner)',
        errors: { 409: 'The restaurant has orders: close it permanently instead' },
        params: adminIdParamsSchema,
        response: { 200: deleted },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      await setup.deleteRestaurant(tenantId, restaurant.id);
      return ok({ deleted: true as const });
    },
  );

  app.put(
    '/v2/admin/restaurants/:id/image',
    {
      preValidation: manager,
      bodyLimit: maxProductImageBytes,
      schema: {
        tags,
        summary: "Upload the restaurant's image: the raw JPEG, PNG or WebP file as the body, at most 2 MB",
        params: adminIdParamsSchema,
        upload: productImageTypes,
        errors: imageUploadErrors,
        response: { 200: adminRestaurantResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('unsupported_media_type', 'Upload a JPEG, PNG or WebP image', { image: 'Not an image' });
      }
      const imagePath = await storeProductImage(app.config.uploadsDir, request.body, request.headers['content-type']);
      return ok(await setup.setImage(tenantId, restaurant.id, imagePath));
    },
  );
};

/** What the routes of a restaurant's parts share: the service, the scope check and the manager guard. */

/** A restaurant's closures, delivery zones and tables. */
const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { setup, access, tags, manager } = partsDeps(app);

  app.get(
    '/v2/admin/restaurants/:id/closures',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Days the restaurant is closed outside its weekly hours (public holidays, closures)',
        params: adminIdParamsSchema,
        response: { 200: restaurantClosureListResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.closures(tenantId, restaurant.id));
    },
  );

  app.post(
    '/v2/admin/restaurants/:id/closures',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Close the restaurant on a day (every method, or one); the storefront offers no times that day',
        params: adminIdParamsSchema,
        body: restaurantClosureBodySchema,
        response: { 200: restaurantClosureResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.addClosure(tenantId, restaurant.id, request.body));
    },
  );

  app.delete(
    '/v2/admin/restaurants/:id/closures/:item_id',
    {
      preValidation: manager,
      schema: { tags, summary: 'Remove a closure', params: restaurantSubParamsSchema, response: { 200: deleted } },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      await setup.removeClosure(tenantId, restaurant.id, request.params.item_id);
      return ok({ deleted: true as const });
    },
  );

  app.get(
    '/v2/admin/restaurants/:id/delivery-zones',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: "The restaurant's delivery zones, first match first",
        params: adminIdParamsSchema,
        response: { 200: adminDeliveryZoneListResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.zones(tenantId, restaurant.id));
    },
  );

  app.post(
    '/v2/admin/restaurants/:id/delivery-zones',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Add a delivery zone by postcodes and suburbs or by radius, with its fee, minimum and free-over',
        params: adminIdParamsSchema,
        body: adminDeliveryZoneBodySchema,
        response: { 200: adminDeliveryZoneResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.addZone(tenantId, restaurant.id, request.body));
    },
  );

  app.put(
    '/v2/admin/restaurants/:id/delivery-zones/:item_id',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Replace a delivery zone',
        params: restaurantSubParamsSchema,
        body: adminDeliveryZoneBodySchema,
        response: { 200: adminDeliveryZoneResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.updateZone(tenantId, restaurant.id, request.params.item_id, request.body));
    },
  );

  app.delete(
    '/v2/admin/restaurants/:id/delivery-zones/:item_id',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Delete a delivery zone',
        params: restaurantSubParamsSchema,
        response: { 200: deleted },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      await setup.removeZone(tenantId, restaurant.id, request.params.item_id);
      return ok({ deleted: true as const });
    },
  );

  app.post(
    '/v2/admin/restaurants/:id/delivery-zones/test',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Would we deliver to this postcode and suburb? The storefront’s own quote from the active zones',
        params: adminIdParamsSchema,
        body: deliveryZoneTestBodySchema,
        response: { 200: deliveryZoneTestResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.testZone(tenantId, restaurant.id, request.body));
    },
  );

  app.get(
    '/v2/admin/restaurants/:id/tables',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: "The restaurant's dining tables, each with the dine-in menu link its QR code opens",
        params: adminIdParamsSchema,
        response: { 200: diningTableListResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.tables(tenantId, restaurant.id));
    },
  );

  app.post(
    '/v2/admin/restaurants/:id/tables',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Add a dining table (names are unique per restaurant)',
        params: adminIdParamsSchema,
        body: diningTableBodySchema,
        response: { 200: diningTableResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      return ok(await setup.addTable(tenantId, restaurant.id, request.body.name));
    },
  );

  app.delete(
    '/v2/admin/restaurants/:id/tables/:item_id',
    {
      preValidation: manager,
      schema: { tags, summary: 'Remove a dining table', params: restaurantSubParamsSchema, response: { 200: deleted } },
    },
    async (request) => {
      const { tenantId, restaurant } = await access.scope(request, request.params.id);
      await setup.removeTable(tenantId, restaurant.id, request.params.item_id);
      return ok({ deleted: true as const });
    },
  );
};

/**
 * Setting the business up (decision 037): business settings (owner); restaurants, closures,
 * delivery zones and tables (owner, or a manager of that restaurant). Opening, closing for good,
 * creating and deleting restaurants are the owner's.
 */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(businessRoutes);
  await app.register(restaurantRoutes);
  await app.register(partsRoutes);
  await app.register(specialHoursRoutes);
};
