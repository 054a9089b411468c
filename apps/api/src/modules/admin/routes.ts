import {
  abilitiesOf,
  addStaffBodySchema,
  adminHoursBodySchema,
  adminHoursResponseSchema,
  adminIdParamsSchema,
  adminMenuResponseSchema,
  adminMeResponseSchema,
  adminModifierResponseSchema,
  adminProductResponseSchema,
  adminReservationResponseSchema,
  adminReservationStatusBodySchema,
  adminReservationsQuerySchema,
  adminReservationsResponseSchema,
  adminRestaurantQuerySchema,
  availabilityBodySchema,
  maxProductImageBytes,
  orderingControlsResponseSchema,
  orderingUpdateBodySchema,
  pauseBodySchema,
  productEditBodySchema,
  productImageTypes,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffRestaurantsBodySchema,
} from '@storefront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { userOf } from '../auth/identity.js';
import { reservationService } from '../reservations/service.js';
import { settingsService } from '../settings/service.js';
import { requireAbility, requireStaff, staffAccess } from './access.js';
import { adminMenuService } from './menu-service.js';
import { adminRepository } from './repository.js';
import { storeProductImage } from './uploads.js';

const ok = <T>(data: T) => ({ data, error: null });

/**
 * The back office's calls (issue 11). Who may call is checked before the input (401, then 403 for a
 * role below the area's), then which restaurant (403 unless the caller manages it), then the input.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = staffAccess(app.db);
  const menu = adminMenuService(app.db);
  const settings = settingsService(app.db, app.log);
  const reservations = reservationService({ db: app.db, mailer: app.mailer, config: app.config, log: app.log });
  const repo = adminRepository(app.db);
  const tags = ['admin'];

  /** The caller's tenant and the restaurant they act on, once they are known to manage it. */
  async function scope(request: Parameters<typeof userOf>[0], restaurantId: number) {
    const identity = userOf(request);
    const restaurant = await access.assertManages(identity, restaurantId);
    return { tenantId: identity.tenantId, restaurant };
  }

  /** The tenant's restaurant ids among `ids` (deduplicated, sorted); 403 if any is not the tenant's. */
  async function ownRestaurantIds(tenantId: number, ids: readonly number[]) {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const own = new Set((await repo.tenantRestaurants(tenantId)).map((r) => r.id));
    if (unique.some((id) => !own.has(id))) throw new AppError('forbidden', 'You do not manage this restaurant');
    return unique;
  }

  // Product images arrive as the raw file; only these types, and at most 2 MB (checked again by bytes).
  app.addContentTypeParser(
    [...productImageTypes],
    { parseAs: 'buffer', bodyLimit: maxProductImageBytes },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/v2/admin/me',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'The signed-in staff member, what their role allows and their restaurants',
        response: { 200: adminMeResponseSchema },
      },
    },
    async (request) => {
      const identity = userOf(request);
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'role'])
        .where('tenant_id', '=', identity.tenantId)
        .where('id', '=', identity.userId)
        .executeTakeFirstOrThrow();
      return ok({ user, abilities: abilitiesOf(identity.role), restaurants: await access.restaurantsOf(identity) });
    },
  );

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
      const { tenantId, restaurant } = await scope(request, request.query.restaurant_id);
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
      const { tenantId, restaurant } = await scope(request, request.body.restaurant_id);
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
      const { tenantId, restaurant } = await scope(request, request.body.restaurant_id);
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
      const { tenantId, restaurant } = await scope(request, request.body.restaurant_id);
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
        response: { 200: adminProductResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await scope(request, request.query.restaurant_id);
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('unsupported_media_type', 'Upload a JPEG, PNG or WebP image', { image: 'Not an image' });
      }
      await menu.assertProductIn(tenantId, restaurant.id, request.params.id);
      const imagePath = await storeProductImage(app.config.uploadsDir, request.body, request.headers['content-type']);
      return ok(await menu.setProductImage(tenantId, restaurant, request.params.id, imagePath));
    },
  );

  app.get(
    '/v2/admin/ordering',
    {
      preValidation: requireAbility('pause'),
      schema: {
        tags,
        summary: "A restaurant's ordering controls: on/off, busy mode, pause and method switches",
        querystring: adminRestaurantQuerySchema,
        response: { 200: orderingControlsResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await scope(request, request.query.restaurant_id);
      return ok(await settings.controls(tenantId, restaurant.id));
    },
  );

  app.patch(
    '/v2/admin/ordering',
    {
      preValidation: requireAbility('ordering'),
      schema: {
        tags,
        summary: 'Switch online ordering, busy mode and methods (manager and owner)',
        body: orderingUpdateBodySchema,
        response: { 200: orderingControlsResponseSchema },
      },
    },
    async (request) => {
      const { tenantId } = await scope(request, request.body.restaurant_id);
      return ok(await settings.updateControls(tenantId, request.body));
    },
  );

  app.put(
    '/v2/admin/ordering/pause',
    {
      preValidation: requireAbility('pause'),
      schema: {
        tags,
        summary: 'Pause online ordering for N minutes (0 resumes)',
        body: pauseBodySchema,
        response: { 200: orderingControlsResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await scope(request, request.body.restaurant_id);
      return ok(await settings.pause(tenantId, restaurant.id, request.body.minutes));
    },
  );

  app.get(
    '/v2/admin/reservations',
    {
      preValidation: requireAbility('reservations'),
      schema: {
        tags,
        summary: "A restaurant's reservations of one local day with their statuses",
        querystring: adminReservationsQuerySchema,
        response: { 200: adminReservationsResponseSchema },
      },
    },
    async (request) => {
      const { restaurant_id, date } = request.query;
      const { tenantId, restaurant } = await scope(request, restaurant_id);
      return ok({ restaurant_id, date, reservations: await reservations.forDay(tenantId, restaurant.id, date) });
    },
  );

  app.patch(
    '/v2/admin/reservations/:id/status',
    {
      preValidation: requireAbility('reservations'),
      schema: {
        tags,
        summary: 'Seat a party, mark a no-show, set back to booked, or cancel (frees the table)',
        params: adminIdParamsSchema,
        body: adminReservationStatusBodySchema,
        response: { 200: adminReservationResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await scope(request, request.body.restaurant_id);
      return ok(await reservations.setStaffStatus(tenantId, restaurant.id, request.params.id, request.body.status));
    },
  );

  app.get(
    '/v2/admin/hours',
    {
      preValidation: requireAbility('hours'),
      schema: {
        tags,
        summary: "A restaurant's opening hours per method and weekday (manager and owner)",
        querystring: adminRestaurantQuerySchema,
        response: { 200: adminHoursResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await scope(request, request.query.restaurant_id);
      const hours = await repo.hours(tenantId, restaurant.id);
      return ok({ restaurant_id: restaurant.id, timezone: restaurant.timezone, hours });
    },
  );

  app.put(
    '/v2/admin/hours',
    {
      preValidation: requireAbility('hours'),
      schema: {
        tags,
        summary: "Replace a restaurant's opening hours (a day left out is closed for that method)",
        body: adminHoursBodySchema,
        response: { 200: adminHoursResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, restaurant } = await scope(request, request.body.restaurant_id);
      await repo.replaceHours(tenantId, restaurant.id, request.body.hours);
      const hours = await repo.hours(tenantId, restaurant.id);
      return ok({ restaurant_id: restaurant.id, timezone: restaurant.timezone, hours });
    },
  );

  app.get(
    '/v2/admin/staff',
    {
      preValidation: requireAbility('staff'),
      schema: {
        tags,
        summary: "The business's staff accounts and their restaurants (owner)",
        response: { 200: staffListResponseSchema },
      },
    },
    async (request) => ok(await repo.staff(userOf(request).tenantId)),
  );

  app.post(
    '/v2/admin/staff',
    {
      preValidation: requireAbility('staff'),
      schema: {
        tags,
        summary: 'Make an existing account of the business staff or manager, at the given restaurants (owner)',
        body: addStaffBodySchema,
        response: { 201: staffMemberResponseSchema },
      },
    },
    async (request, reply) => {
      const { tenantId } = userOf(request);
      const { email, role, restaurant_ids } = request.body;
      const ids = await ownRestaurantIds(tenantId, restaurant_ids);
      const user = await repo.findUserByEmail(tenantId, email);
      if (!user) {
        throw new AppError('not_found', 'There is no account with this email: ask them to sign up first', {
          email: 'No such account',
        });
      }
      if (user.role === 'owner') throw new AppError('unprocessable', 'Owners manage every restaurant');
      await repo.setRole(tenantId, user.id, role);
      await repo.setAssignments(tenantId, user.id, ids);
      const member = (await repo.staff(tenantId)).find((m) => m.id === user.id);
      if (!member) throw new AppError('not_found', 'No such staff member');
      return reply.code(201).send(ok(member));
    },
  );

  app.put(
    '/v2/admin/staff/:id/restaurants',
    {
      preValidation: requireAbility('staff'),
      schema: {
        tags,
        summary: 'Set the restaurants a staff member or manager works at (owner)',
        params: adminIdParamsSchema,
        body: staffRestaurantsBodySchema,
        response: { 200: staffMemberResponseSchema },
      },
    },
    async (request) => {
      const { tenantId } = userOf(request);
      const ids = await ownRestaurantIds(tenantId, request.body.restaurant_ids);
      const member = (await repo.staff(tenantId)).find((m) => m.id === request.params.id);
      if (!member) throw new AppError('not_found', 'No such staff member');
      if (member.role === 'owner') throw new AppError('unprocessable', 'Owners manage every restaurant');
      await repo.setAssignments(tenantId, member.id, ids);
      return ok({ ...member, restaurant_ids: ids });
    },
  );
};
