import type { Db } from '../../db/database.js';
import { paymentRepository } from './repository.js';
import { assertStripeKeys, StripeConfigError } from './stripe.js';

export interface StripeConfigProblem {
  tenantId: number;
  restaurantId: number | null;
  problem: string;
}

const parse = (json: string | null): Record<string, unknown> => {
  try {
    const value = json ? (JSON.parse(json) as unknown) : null;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Every app_settings row that names Stripe but whose keys are missing or of the other mode (a live
 * key in test mode, a test key in live mode). The server logs these at startup; such a tenant's
 * card payments are refused when its provider is chosen, and other tenants are unaffected.
 */
export async function stripeConfigProblems(db: Db): Promise<StripeConfigProblem[]> {
  const rows = await paymentRepository(db).allGatewayRows();
  const problems: StripeConfigProblem[] = [];
  for (const row of rows) {
    const config = parse(row.payment_gateway_config);
    if (config.provider !== 'stripe') continue;
    const secrets = parse(row.payment_gateway_secrets);
    try {
      assertStripeKeys({
        mode: config.mode === 'live' ? 'live' : 'test',
        secretKey: text(secrets.secret_key),
        webhookSecret: text(secrets.webhook_secret),
        publishableKey: text(config.publishable_key),
      });
    } catch (error) {
      if (!(error instanceof StripeConfigError)) throw error;
      problems.push({ tenantId: row.tenant_id, restaurantId: row.restaurant_id, problem: error.message });
    }
  }
  return problems;
}
