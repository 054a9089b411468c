import {
  appSettingsQuerySchema,
  appSettingsResponseSchema,
  patchAppSettingsBodySchema,
  saveAppSettingsBodySchema,
  savePaymentGatewayBodySchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsService } from './service.js';
import { requireTenantOwner } from './staff-guard.js';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = settingsService(app.db, app.log);

  app.get(
    '/v2/restaurants/app-settings',
    {
      schema: {
        tags: ['settings'],
        summary: "A tenant's (or one restaurant's) theme, public payment config and online-ordering switch",
        querystring: appSettingsQuerySchema,
        response: { 200: appSettingsResponseSchema },
      },
    },
    async (request) => {
      const { tenant_id, restaurant_id } = request.query;
      return { data: [await settings.get(tenant_id, restaurant_id ?? null)], error: null };
    },
  );

  app.put(
    '/v2/restaurants/app-settings',
    {
      preHandler: requireTenantOwner,
      schema: {
        tags: ['settings'],
        summary: 'Replace the theme with a complete one from the config editor (the owner of the tenant only)',
        body: saveAppSettingsBodySchema,
        response: { 200: appSettingsResponseSchema },
      },
    },
    async (request) => {
      const { tenant_id, restaurant_id, web_config } = request.body;
      return { data: [await settings.save(tenant_id, restaurant_id ?? null, web_config)], error: null };
    },
  );

  app.patch(
    '/v2/restaurants/app-settings',
    {
      preHandler: requireTenantOwner,
      schema: {
        tags: ['settings'],
        summary: 'Change part of the theme: merged over the stored one, saved only if the result is a complete theme',
        body: patchAppSettingsBodySchema,
        response: { 200: appSettingsResponseSchema },
      },
    },
    async (request) => {
      const { tenant_id, restaurant_id, web_config } = request.body;
      return { data: [await settings.patch(tenant_id, restaurant_id ?? null, web_config)], error: null };
    },
  );

  app.put(
    '/v2/restaurants/app-settings/payment-gateway',
    {
      preHandler: requireTenantOwner,
      schema: {
        tags: ['settings'],
        summary: "Set the tenant's card payment provider (owners only); secret keys are write-only",
        errors: { 422: 'The provider keys do not fit the mode (test or live) or each other' },
        body: savePaymentGatewayBodySchema,
        response: { 200: appSettingsResponseSchema },
      },
    },
    async (request) => ({ data: [await settings.savePaymentGateway(request.body)], error: null }),
  );
};
