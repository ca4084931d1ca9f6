// @vitest-environment node
/**
 * The module workflow of the README on a copy of the real contract: `new-module` → `generate`
 * gives a screen in the registry with a menu entry, a menu row the mock backend serves (so the
 * sidebar shows it and a tab opens), typed code and mock data.
 */
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runCli, tempDir, typecheckGenerated } from './helpers';

describe('adding a module to the real contract', () => {
  it('new-module + generate puts a typed screen in the sidebar with mock data', async () => {
    const dir = await tempDir('new-module');
    await cp(path.join(REPO, 'openapi'), path.join(dir, 'openapi'), { recursive: true });
    const created = runCli(
      ['new-module', 'product', '--title', '商品管理', '--route', '/business/product'],
      dir,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('created openapi/paths/product.yaml');
    const fragment = await readFile(path.join(dir, 'openapi/paths/product.yaml'), 'utf8');
    // The system group's places 1–7 are taken by seeded and generated screens.
    expect(fragment).toContain("menu: { group: system, icon: 'pi pi-table', sort: 8 }");

    const generated = runCli(['generate', '--prune'], dir);
    expect(generated.code, generated.stderr).toBe(0);
    const screens = await readFile(path.join(dir, 'generated/screens.ts'), 'utf8');
    expect(screens).toContain(`'/business/product': {
    path: '/business/product',
    title: '商品管理',
    keepAlive: true,
    permissionKey: 'PRODUCT',
    operate: ['info', 'add', 'edit', 'delete'],
    load: () => import('./pages/product/product-page'),
  },`);
    const menuMock = await readFile(path.join(dir, 'generated/mocks/menu.ts'), 'utf8');
    expect(menuMock).toMatch(
      /amenu_id: 208,\s+amenu_pid: 2,\s+amenu_name: '商品管理',\s+amenu_type: 'menu',\s+amenu_address: '\/business\/product'/,
    );
    const mock = await readFile(path.join(dir, 'generated/mocks/product.ts'), 'utf8');
    expect(mock).toContain("import type { Product } from '@generated/api/model/product';");
    expect(mock).toContain('const seed: Product[] = [');
    expect(mock).toContain("title: '示例记录一'");
    const module = await readFile(path.join(dir, 'generated/modules/product.ts'), 'utf8');
    expect(module).toContain('export const productModule: ModuleDefinition<Product> = {');
    expect(module).not.toMatch(/ as /);
    expect(await typecheckGenerated(path.join(dir, 'generated'))).toEqual([]);
  }, 300_000);

  it('refuses a menu group that is not a top-level menu, naming the groups', async () => {
    const dir = await tempDir('new-module-group');
    await cp(path.join(REPO, 'openapi'), path.join(dir, 'openapi'), { recursive: true });
    const result = runCli(['new-module', 'product', '--menu-group', 'shop'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('menu group "shop" is not a top-level menu (home, system,');
  }, 60_000);
});
