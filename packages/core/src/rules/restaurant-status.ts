/** Restaurant status (spec §3, §9): 1 = active. Kept free of zod so the web entry chunk can use it. */
export const restaurantStatus = { inactive: 0, active: 1 } as const;
