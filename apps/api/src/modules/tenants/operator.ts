import { hostField, newTenantSchema } from '@orderfront/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { invitationService } from '../invitations/service.js';
import type { Mailer } from '../mail/service.js';
import { tenantRepository } from './repository.js';

/** A refusal the operator can act on (bad input, a taken host): the CLI prints it and exits 1. */
export class OperatorError extends Error {}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'business';

/** Tax defaults by currency (the owner changes them in business settings): GST where we know it. */
const taxDefaults = (currency: string) =>
  currency === 'AUD'
    ? { tax_mode: 'inclusive' as const, tax_rate_bps: 1000, tax_name: 'GST' }
    : currency === 'NZD'
      ? { tax_mode: 'inclusive' as const, tax_rate_bps: 1500, tax_name: 'GST' }
      : { tax_mode: 'exclusive' as const, tax_rate_bps: 0, tax_name: 'Tax' };

function problems(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  return error.issues
    .map((issue) => `  --${String(issue.path[0] ?? '').replace(/_/g, '-')}: ${issue.message}`)
    .join('\n');
}

/**
 * The platform operator's work on businesses (decision 036): create one with its host and first
 * owner's invitation, list them, move a host, disable and enable. Input is checked with the same
 * zod schemas the API uses.
 */
export function tenantOperator(deps: { db: Db; mailer: Mailer; config: Pick<Config, 'publicBaseUrl'> }) {
  const repo = tenantRepository(deps.db);
  const invitations = invitationService(deps);

  async function assertHostFree(host: string, exceptId?: number) {
    const holder = await repo.findByHost(host);
    if (holder && holder.id !== exceptId) {
      throw new OperatorError(`The host ${host} is taken by tenant ${holder.id} (${holder.name}).`);
    }
  }

  async function find(id: number) {
    const tenant = Number.isSafeInteger(id) ? await repo.findById(id) : undefined;
    if (!tenant) throw new OperatorError(`There is no tenant ${id}. See: tenant list`);
    return tenant;
  }

  return {
    async create(input: Record<string, unknown>) {
      const parsed = newTenantSchema.safeParse(input);
      if (!parsed.success) throw new OperatorError(`The tenant was not created:\n${problems(parsed.error)}`);
      const { name, host, currency, locale, timezone, owner_email } = parsed.data;
      await assertHostFree(host);
      const base = slugOf(name);
      let slug = base;
      const slugs = new Set((await repo.list()).map((t) => t.slug));
      for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
      const id = await repo.create({
        name,
        short_name: name.slice(0, 30),
        slug,
        host,
        currency,
        locale,
        timezone,
        ...taxDefaults(currency),
      });
      const invitation = await invitations.invite(id, null, { email: owner_email, role: 'owner', restaurant_ids: [] });
      return { id, name, host, slug, owner_email, expires_at: invitation.expires_at };
    },

    list: () => repo.list(),

    async setHost(id: number, hostInput: string) {
      await find(id);
      const parsed = hostField.safeParse(hostInput);
      if (!parsed.success) throw new OperatorError(`--host: ${parsed.error.issues[0]?.message}`);
      await assertHostFree(parsed.data, id);
      await repo.update(id, { host: parsed.data });
      return parsed.data;
    },

    async setDisabled(id: number, disabled: boolean) {
      const tenant = await find(id);
      await repo.update(id, { disabled_at: disabled ? new Date().toISOString() : null });
      return tenant;
    },
  };
}
