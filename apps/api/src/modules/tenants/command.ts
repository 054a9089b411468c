import { pino } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { createMailer } from '../mail/service.js';
import { OperatorError, tenantOperator } from './operator.js';

export const tenantUsage = [
  'Usage:',
  '  npm run tenant -- create --name NAME --host HOST --currency AUD --locale en-AU --timezone Australia/Sydney --owner-email EMAIL',
  '  npm run tenant -- list',
  '  npm run tenant -- set-host ID HOST',
  '  npm run tenant -- disable ID',
  '  npm run tenant -- enable ID',
].join('\n');

/** `--owner-email a@b` → { owner_email: 'a@b' }; a flag without a value is an error. */
function flags(args: string[]) {
  const values: Record<string, string> = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('--')) {
      rest.push(arg);
      continue;
    }
    const [key, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const value = inline ?? args[++i];
    if (value === undefined || value.startsWith('--'))
      throw new OperatorError(`--${key} needs a value.\n${tenantUsage}`);
    values[key.replace(/-/g, '_')] = value;
  }
  return { values, rest };
}

const idOf = (value: string | undefined) => {
  if (!value || !/^\d+$/.test(value)) throw new OperatorError(`Name the tenant by its id.\n${tenantUsage}`);
  return Number(value);
};

/** Runs one `tenant` subcommand against `db`; mail goes out as the server sends it (SMTP or outbox). */
export async function tenantCommand(config: Config, db: Db, args: string[]): Promise<string> {
  const [sub, ...rest] = args;
  const mailer = createMailer(config, db, pino({ level: 'silent' }));
  try {
    const operator = tenantOperator({ db, mailer, config });
    const { values, rest: positional } = flags(rest);
    switch (sub) {
      case 'create': {
        const made = await operator.create(values);
        return [
          `Created tenant ${made.id}: ${made.name} at ${made.host} (slug ${made.slug}).`,
          `Invitation mailed to ${made.owner_email}; the link works once, until ${made.expires_at}.`,
        ].join('\n');
      }
      case 'list': {
        const rows = await operator.list();
        return rows
          .map(
            (t) =>
              `${t.id}\t${t.name}\t${t.host ?? '(TENANT_ID default)'}\t${t.currency} ${t.locale} ${t.timezone}\t${t.disabled_at ? `disabled ${t.disabled_at}` : 'enabled'}`,
          )
          .join('\n');
      }
      case 'set-host': {
        const id = idOf(positional[0]);
        const host = await operator.setHost(id, positional[1] ?? values.host ?? '');
        return `Tenant ${id} is now served at ${host}.`;
      }
      case 'disable':
      case 'enable': {
        const tenant = await operator.setDisabled(idOf(positional[0]), sub === 'disable');
        return sub === 'disable'
          ? `Tenant ${tenant.id} (${tenant.name}) is disabled: its storefront and API answer 503.`
          : `Tenant ${tenant.id} (${tenant.name}) is enabled.`;
      }
      default:
        throw new OperatorError(tenantUsage);
    }
  } finally {
    mailer.close();
  }
}
