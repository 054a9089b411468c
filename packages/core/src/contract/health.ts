import { z } from 'zod';
import { envelope } from './envelope.js';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('up'),
  dialect: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});

export type Health = z.infer<typeof healthSchema>;

export const healthResponseSchema = envelope(healthSchema);

/** Readiness (spec-free, for load balancers): serving, or draining before shutdown. */
export const readinessSchema = z.object({
  status: z.literal('ready'),
});

export const readinessResponseSchema = envelope(readinessSchema);
