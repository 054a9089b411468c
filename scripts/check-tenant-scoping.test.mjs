import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tenantScopeProblems, tenantTables } from './check-tenant-scoping.mjs';

const schema = `
export interface OrdersTable {
  id: Generated<number>;
  tenant_id: number;
}
export interface TenantsTable {
  id: number;
}
export interface Database {
  orders: OrdersTable;
  tenants: TenantsTable;
}
`;

let dirs = [];
function src(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tenant-scope-'));
  dirs.push(root);
  for (const [file, text] of Object.entries({ 'db/schema.ts': schema, ...files })) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe('tenant scoping of repository queries (decision 031)', () => {
  it('knows which tables belong to a tenant', () => {
    expect([...tenantTables(schema)]).toEqual(['orders']);
  });

  it('refuses a query on a tenant table that names no tenant_id, and names the method', () => {
    const dir = src({
      'modules/orders/repository.ts': `export function orderRepository(db) {
  return {
    find(tenantId, id) {
      return db.selectFrom('orders').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    },
    async markPaid(id) {
      // tenant_id in a comment does not count
      await db.updateTable('orders').set({ paid: 1 }).where('id', '=', id).execute();
    },
    tenant(id) {
      return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}`,
    });
    expect(tenantScopeProblems(dir, {})).toEqual([
      "modules/orders/repository.ts:8: updateTable('orders') does not name tenant_id (modules/orders/repository.ts#markPaid#orders)",
    ]);
    expect(tenantScopeProblems(dir, { 'modules/orders/repository.ts#markPaid#orders': 'reason' })).toEqual([]);
  });

  it('holds for every repository of the API', () => {
    const api = path.resolve(import.meta.dirname, '../apps/api/src');
    expect(tenantScopeProblems(api)).toEqual([]);
  });
});
