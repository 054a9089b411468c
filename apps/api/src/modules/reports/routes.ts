import { reportExportQuerySchema, reportQuerySchema, salesReportResponseSchema } from '@orderfront/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notYourRestaurant, requireAbility, staffAccess } from '../admin/access.js';
import { userOf } from '../auth/identity.js';
import { type ReportScope, reportsService } from './service.js';

/** Sales reports (decision 039): managers for the restaurants they manage, owners for all. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = staffAccess(app.db);
  const reports = reportsService(app.db);
  const tags = ['admin reports'];

  async function scopeOf(
    request: FastifyRequest,
    query: { from: string; to: string; restaurant_id?: number[] | undefined },
  ): Promise<ReportScope> {
    const identity = userOf(request);
    const managed = await access.restaurantsOf(identity);
    const asked = query.restaurant_id ? [...new Set(query.restaurant_id)] : null;
    const restaurants = asked ? asked.map((id) => managed.find((r) => r.id === id)) : managed;
    if (restaurants.some((r) => r === undefined)) throw notYourRestaurant();
    const chosen = restaurants.filter((r) => r !== undefined);
    return {
      tenantId: identity.tenantId,
      restaurants: chosen,
      // Gift cards belong to the business: only a report of all of it shows their sales and balances.
      wholeBusiness: identity.role === 'owner' && chosen.length === managed.length,
      from: query.from,
      to: query.to,
    };
  }

  app.get(
    '/v2/admin/reports',
    {
      preValidation: requireAbility('reports'),
      schema: {
        tags,
        summary:
          'Sales for a period (restaurant-local dates) at one or more restaurants: totals, days, hours, methods, payments, products',
        querystring: reportQuerySchema,
        response: { 200: salesReportResponseSchema },
      },
    },
    async (request) => ({ data: await reports.report(await scopeOf(request, request.query)), error: null }),
  );

  app.get(
    '/v2/admin/reports/export',
    {
      preValidation: requireAbility('reports'),
      schema: {
        tags,
        summary: "One table of the sales report as CSV, or every order line of the period ('lines')",
        querystring: reportExportQuerySchema,
        download: { type: 'text/csv', description: 'The table as CSV (RFC 4180), money as decimals' },
      },
    },
    async (request, reply) => {
      const { table, ...query } = request.query;
      const csv = await reports.csv(await scopeOf(request, query), table);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sales-${table}-${query.from}-to-${query.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
