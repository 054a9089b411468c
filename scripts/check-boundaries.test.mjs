import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { boundaryProblems } from './check-boundaries.mjs';

let src;
function tree(files) {
  src = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    fs.writeFileSync(path.join(src, file), text);
  }
  return src;
}

describe('feature boundaries', () => {
  afterEach(() => fs.rmSync(src, { recursive: true, force: true }));

  it('allows imports within a feature and from shared folders', () => {
    const dir = tree({
      'features/cart/components/cart-drawer.tsx':
        "import { useCart } from '../api/get-cart';\nimport { Button } from '@/components/ui/button';\nimport { api } from '@/lib/api-client';\nimport { z } from 'zod';",
      'features/cart/api/get-cart.ts': 'export const useCart = 1;',
    });
    expect(boundaryProblems(dir)).toEqual([]);
  });

  it('flags a feature importing another feature by alias, by relative path or lazily', () => {
    const dir = tree({
      'features/cart/components/a.tsx': "import { x } from '@/features/menu/api/get-menu';",
      'features/cart/b.ts': "export { y } from '../menu/components/card';",
      'features/cart/c.ts': "const m = import('../../features/wishlist/api/x');",
    });
    expect(boundaryProblems(dir)).toEqual([
      'features/cart/b.ts: feature "cart" imports feature "menu" (../menu/components/card)',
      'features/cart/c.ts: feature "cart" imports feature "wishlist" (../../features/wishlist/api/x)',
      'features/cart/components/a.tsx: feature "cart" imports feature "menu" (@/features/menu/api/get-menu)',
    ]);
  });

  it('flags a feature importing the app layer', () => {
    const dir = tree({ 'features/cart/a.ts': "import { routes } from '@/app/router';" });
    expect(boundaryProblems(dir)).toEqual(['features/cart/a.ts: a feature imports from src/app (@/app/router)']);
  });
});
