import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiProblems, coreProblems, webProblems } from './check-boundaries.mjs';

let dirs = [];
function tree(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe('web feature boundaries', () => {
  it('allows imports within a feature and from shared folders', () => {
    const dir = tree({
      'features/cart/components/cart-drawer.tsx':
        "import { useCart } from '../api/get-cart';\nimport { Button } from '@/components/ui/button';\nimport { api } from '@/lib/api-client';\nimport { z } from 'zod';",
      'features/cart/api/get-cart.ts': 'export const useCart = 1;',
      'lib/money.ts': "import { runtimeConfig } from '@/config/runtime';",
    });
    expect(webProblems(dir)).toEqual([]);
  });

  it('flags a feature importing another feature by alias, by relative path or lazily', () => {
    const dir = tree({
      'features/cart/components/a.tsx': "import { x } from '@/features/menu/api/get-menu';",
      'features/cart/b.ts': "export { y } from '../menu/components/card';",
      'features/cart/c.ts': "const m = import('../../features/wishlist/api/x');",
    });
    expect(webProblems(dir)).toEqual([
      'features/cart/b.ts: feature "cart" imports feature "menu" (../menu/components/card)',
      'features/cart/c.ts: feature "cart" imports feature "wishlist" (../../features/wishlist/api/x)',
      'features/cart/components/a.tsx: feature "cart" imports feature "menu" (@/features/menu/api/get-menu)',
    ]);
  });

  it('flags a feature importing the app layer', () => {
    const dir = tree({ 'features/cart/a.ts': "import { routes } from '@/app/router';" });
    expect(webProblems(dir)).toEqual(['features/cart/a.ts: a feature imports from src/app (@/app/router)']);
  });

  it('flags shared code (lib, components, config) importing a feature', () => {
    const dir = tree({
      'lib/money.ts': "import { x } from '@/features/menu/lib/money';",
      'components/ui/card.tsx': "import { y } from '../../features/cart/api/get-cart';",
    });
    expect(webProblems(dir)).toEqual([
      'components/ui/card.tsx: shared code imports feature "cart" (../../features/cart/api/get-cart)',
      'lib/money.ts: shared code imports feature "menu" (@/features/menu/lib/money)',
    ]);
  });
});

describe('api layering', () => {
  it('allows queries in repositories and db/, services calling their own repository and other services', () => {
    const dir = tree({
      'modules/orders/repository.ts':
        "import { sql } from 'kysely';\nexport const q = (db) => db.selectFrom('orders').where(sql`1 = 1`);",
      'modules/orders/ledger-repository.ts': "export const l = (db) => db.insertInto('ledger');",
      'modules/orders/service.ts':
        "import { orderRepository } from './repository.js';\nimport { cartService } from '../cart/service.js';\n// a comment may say db.selectFrom('x')\nexport const s = (db) => db.transaction().execute((trx) => orderRepository(trx));",
      'db/seed/demo.ts': "export const seed = (db) => db.insertInto('tenants');",
      'app.ts': "import { orderRoutes } from './modules/orders/routes.js';",
    });
    expect(apiProblems(dir)).toEqual([]);
  });

  it('flags a query builder or the sql tag outside a repository', () => {
    const dir = tree({
      'modules/orders/service.ts': "export const a = (db) => db\n  .selectFrom('orders');",
      'modules/cart/routes.ts': "export const b = (app) => app.db.deleteFrom('carts');",
      'modules/gift-cards/summary.ts': "import { sql } from 'kysely';\nexport const c = sql<number>`count(*)`;",
      'plugins/web.ts': "export const d = (db) => db.updateTable('tenants');",
    });
    expect(apiProblems(dir)).toEqual([
      'modules/cart/routes.ts: a query (deleteFrom) outside a repository',
      'modules/gift-cards/summary.ts: a query (sql) outside a repository',
      'modules/orders/service.ts: a query (selectFrom) outside a repository',
      'plugins/web.ts: a query (updateTable) outside a repository',
    ]);
  });

  it("flags a module importing another module's repository or routes, and the seed", () => {
    const dir = tree({
      'modules/coupons/service.ts': "import { orderRepository } from '../orders/repository.js';",
      'modules/payments/routes.ts': "import { ownerOf } from '../orders/routes.js';",
      'modules/orders/service.ts': "import { seedDemo } from '../../db/seed/demo.js';",
      'plugins/web.ts': "import { tenantRepository } from '../modules/tenants/repository.js';",
    });
    expect(apiProblems(dir)).toEqual([
      'modules/coupons/service.ts: module "coupons" imports the repository of "orders" (../orders/repository.js)',
      'modules/orders/service.ts: a module imports the demo seed (../../db/seed/demo.js)',
      'modules/payments/routes.ts: module "payments" imports the routes of "orders" (../orders/routes.js)',
      "plugins/web.ts: imports a repository (../modules/tenants/repository.js); call the module's service",
    ]);
  });
});

describe('core purity', () => {
  it('allows zod and its own files, flags anything else', () => {
    const dir = tree({
      'rules/a.ts': "import { z } from 'zod';\nimport { b } from './b.js';\nimport { c } from '../pricing/c.js';",
      'rules/b.ts': "import { format } from 'date-fns';",
      'pricing/c.ts': "import fs from 'node:fs';\nimport { x } from '../../../apps/api/src/lib/errors.js';",
    });
    expect(coreProblems(dir)).toEqual([
      "pricing/c.ts: core imports ../../../apps/api/src/lib/errors.js (only zod and core's own files)",
      "pricing/c.ts: core imports node:fs (only zod and core's own files)",
      "rules/b.ts: core imports date-fns (only zod and core's own files)",
    ]);
  });
});
