import { z } from 'zod';

/** Ids in paths, queries and bodies: positive integers, arriving as strings in queries. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Money in integer minor units (cents). */
export const centsSchema = z.number().int().min(0).max(100_000_000);
