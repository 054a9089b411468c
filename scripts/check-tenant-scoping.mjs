// Every query a repository makes on a tenant's table filters by tenant_id (decision 031), so the data
// can be distributed by tenant (Citus) and a missing scope cannot leak one business's rows to another.
// A query that deliberately spans tenants or finds its row by a key unique across all of them is
// listed below with the reason. Inserts are checked by the compiler: tenant_id has no default.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `file#method#table` → why the query need not name tenant_id. */
export const deliberate = {
  'modules/gift-cards/repository.ts#dueForDelivery#gift_cards': 'the delivery sweep walks every tenant',
  'modules/orders/repository.ts#abandoned#orders': 'the abandoned-payment sweep walks every tenant',
  'modules/payments/repository.ts#allGatewayRows#app_settings': "the start-up check of every tenant's Stripe keys",
  'modules/orders/payment-events-repository.ts#seen#payment_events':
    "a provider's event id is unique across tenants, and the webhook does not name the tenant",
  'modules/orders/repository.ts#findAnyTenant#orders':
    'an order link or a staff lookup names only the order; access and the tenant are checked on the row (staff of another business are told so)',
  'modules/orders/repository.ts#findByPaymentId#orders':
    "a customer's payment call names the provider's payment id, unique across tenants; access is checked on its order",
};

/** Tables whose rows belong to one tenant: those whose row type in db/schema.ts has tenant_id. */
export function tenantTables(schemaSource) {
  const withTenant = new Set();
  for (const match of schemaSource.matchAll(/export interface (\w+) \{([^}]*)\}/g)) {
    if (/^\s*tenant_id:/m.test(match[2])) withTenant.add(match[1]);
  }
  const tables = new Set();
  const database = /export interface Database \{([^}]*)\}/.exec(schemaSource)?.[1] ?? '';
  for (const match of database.matchAll(/^\s*(\w+): (\w+);/gm)) {
    if (withTenant.has(match[2])) tables.add(match[1]);
  }
  return tables;
}

/** A filter on tenant_id: `.where('tenant_id', '=', …)`, `'o.tenant_id', 'in'`, `eb('tenant_id', '=', …)`. */
const tenantFilter = /'(?:\w+\.)?tenant_id',\s*'(?:=|in)'/;

const queryStart = /\.(selectFrom|updateTable|deleteFrom)\(\s*'([a-z_]+)/g;

/** The query expression from its builder call to where the statement or argument ends. */
function queryText(code, start) {
  let depth = 0;
  for (let i = start + 1; i < code.length; i++) {
    const c = code[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth < 0) return code.slice(start, i);
    } else if ((c === ';' || c === ',') && depth === 0) return code.slice(start, i);
  }
  return code.slice(start);
}

/** The name of the method or function the query sits in. */
function methodAt(code, index) {
  const before = code.slice(0, index).split('\n').reverse();
  for (const line of before) {
    const match = /^\s*(?:export\s+)?(?:async\s+)?(?:function\s+)?(\w+)\s*(?:<[^>]*>)?\(/.exec(line);
    if (match && !['if', 'for', 'while', 'switch', 'return'].includes(match[1] ?? '')) return match[1];
    const arrow = /^\s*(?:const\s+)?(\w+)\s*[:=]\s*(?:async\s*)?\(/.exec(line);
    if (arrow) return arrow[1];
  }
  return '?';
}

function* repositoryFiles(src) {
  const walk = function* (dir) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'migrations' && entry.name !== 'seed') yield* walk(full);
      } else if (/(^|-)repository\.ts$/.test(entry.name)) yield full;
    }
  };
  yield* walk(src);
}

/** Queries on tenant tables that name no tenant_id and are not listed as deliberate. */
export function tenantScopeProblems(src, exceptions = deliberate) {
  const tables = tenantTables(fs.readFileSync(path.join(src, 'db/schema.ts'), 'utf8'));
  const problems = [];
  const used = new Set();
  for (const file of repositoryFiles(src)) {
    const code = fs
      .readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
      .replace(/\/\/.*$/gm, '');
    const where = path.relative(src, file).split(path.sep).join('/');
    for (const match of code.matchAll(queryStart)) {
      const table = match[2];
      if (!tables.has(table) || tenantFilter.test(queryText(code, match.index))) continue;
      const key = `${where}#${methodAt(code, match.index)}#${table}`;
      if (exceptions[key]) {
        used.add(key);
        continue;
      }
      const line = code.slice(0, match.index).split('\n').length;
      problems.push(`${where}:${line}: ${match[1]}('${table}') does not name tenant_id (${key})`);
    }
  }
  for (const key of Object.keys(exceptions)) {
    if (!used.has(key)) problems.push(`${key} is listed as a deliberate exception but no such query exists`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/src');
  const problems = tenantScopeProblems(src);
  if (problems.length) {
    console.error(`Queries without a tenant scope (decision 031):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
}
