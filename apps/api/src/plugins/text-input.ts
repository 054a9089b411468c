import { nulCharacterFields } from '@orderfront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/** 400 for a NUL character anywhere in the path, query or body, before any schema or query sees it. */
export async function rejectNulCharacters(request: FastifyRequest) {
  const fields = {
    ...nulCharacterFields(request.params),
    ...nulCharacterFields(request.query),
    ...nulCharacterFields(request.body),
  };
  if (Object.keys(fields).length) throw new AppError('bad_request', 'Invalid request', fields);
}

export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', rejectNulCharacters);
});
