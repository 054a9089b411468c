import {
  acceptInvitationBodySchema,
  adminIdParamsSchema,
  createInvitationBodySchema,
  goingLiveResponseSchema,
  invitationListResponseSchema,
  invitationResponseSchema,
  sessionResponseSchema,
  staffMemberResponseSchema,
  staffRoleBodySchema,
} from '@orderfront/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAbility, requireStaff } from '../admin/access.js';
import { userOf } from '../auth/identity.js';
import { goingLive } from '../tenants/going-live.js';
import { invitationService } from './service.js';

const ok = <T>(data: T) => ({ data, error: null });
const withdrawn = z.object({ data: z.object({ id: z.int() }), error: z.null() });

/** Owners' invitations, team roles, the invitee's acceptance and the going-live checklist (decision 036). */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = invitationService({ db: app.db, mailer: app.mailer, config: app.config });
  const tags = ['admin'];

  app.get(
    '/v2/admin/going-live',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'What the storefront still lacks before it can take orders',
        response: { 200: goingLiveResponseSchema },
      },
    },
    async (request) => ok(await goingLive(app.db, userOf(request).tenantId)),
  );

  app.get(
    '/v2/admin/invitations',
    {
      preValidation: requireAbility('staff'),
      schema: {
        tags,
        summary: 'Invitations not accepted yet (owner)',
        response: { 200: invitationListResponseSchema },
      },
    },
    async (request) => ok(await service.pending(userOf(request).tenantId)),
  );

  app.post(
    '/v2/admin/invitations',
    {
      preValidation: requireAbility('staff'),
      schema: {
        tags,
        summary: 'Invite someone by email as staff, manager or owner: mails a one-time link (owner)',
        body: createInvitationBodySchema,
        response: { 201: invitationResponseSchema },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = userOf(request);
      return reply.code(201).send(ok(await service.invite(tenantId, userId, request.body)));
    },
  );

  app.post(
    '/v2/admin/invitations/:id/resend',
    {
      preValidation: requireAbility('staff'),
      schema: {
        tags,
        summary: 'Mail a pending invitation again with a new link, valid 7 days; the old link stops working (owner)',
        errors: { 404: 'No pending invitation of this business by that id' },
        params: adminIdParamsSchema,
        response: { 200: invitationResponseSchema },
      },
    },
    async (request) => ok(await service.resend(userOf(request).tenantId, request.params.id)),
  );

  app.delete(
    '/v2/admin/invitations/:id',
    {
      preValidation: requireAbility('staff'),
      schema: {
        tags,
        summary: 'Withdraw a pending invitation: its link stops working (owner)',
        errors: { 404: 'No pending invitation of this business by that id' },
        params: adminIdParamsSchema,
        response: { 200: withdrawn },
      },
    },
    async (request) => ok(await service.withdraw(userOf(request).tenantId, request.params.id)),
  );

  app.put(
    '/v2/admin/staff/:id/role',
    {
      preValidation: requireAbility('staff'),
      schema: {
        tags,
        summary: "Change a team member's role (owner); the last owner cannot step down",
        errors: { 404: 'No such staff member of this business', 422: 'That would leave the business without an owner' },
        params: adminIdParamsSchema,
        body: staffRoleBodySchema,
        response: { 200: staffMemberResponseSchema },
      },
    },
    async (request) => ok(await service.setRole(userOf(request).tenantId, request.params.id, request.body.role)),
  );

  app.delete(
    '/v2/admin/staff/:id',
    {
      preValidation: requireAbility('staff'),
      schema: {
        tags,
        summary: "Remove someone's access: they keep their account as a customer (owner)",
        errors: { 404: 'No such staff member of this business', 422: 'That would leave the business without an owner' },
        params: adminIdParamsSchema,
        response: { 200: staffMemberResponseSchema },
      },
    },
    async (request) => ok(await service.removeAccess(userOf(request).tenantId, request.params.id)),
  );

  app.post(
    '/v2/auth/accept-invitation',
    {
      // The per-IP limit of the calls that check secrets (as sign-in's).
      config: { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Accept an invitation once: set name and password, take the role, and sign in',
        body: acceptInvitationBodySchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => ok(await service.accept(request.body)),
  );
};
