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
