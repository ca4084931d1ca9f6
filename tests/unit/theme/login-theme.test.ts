// @vitest-environment node
/**
 * The login page's cut of a theme (vite-plugins/login-theme.ts): the rules of the classes the login
 * page writes, the variables, the keyframes those rules use; nothing of other components, no
 * font faces.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cutTheme, loginPageClasses } from '../../../vite-plugins/login-theme';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LARA_LIGHT = readFileSync(
  path.join(ROOT, 'node_modules/primereact/resources/themes/lara-light-blue/theme.css'),
  'utf8',
);

describe('the login page cut of a theme', () => {
  it('keeps the selectors naming only the classes given, and the variables', () => {
    const css = `:root{--primary-color:#3b82f6}
@font-face{font-family:Inter;src:url(inter.woff2)}
.p-button,.p-datatable .p-button{color:#fff}
.p-button.p-button-secondary{color:#64748b}
.p-inputtext:enabled:focus{box-shadow:0 0 0 .2rem #bfdbfe}
@media (max-width:960px){.p-datatable{display:block}}
.p-button-loading .p-button-icon{animation:p-spin 1s}
@keyframes p-spin{from{transform:rotate(0)}to{transform:rotate(360deg)}}
@keyframes p-fade{from{opacity:0}to{opacity:1}}`;
    const cut = cutTheme(
      css,
      new Set(['p-button', 'p-inputtext', 'p-button-loading', 'p-button-icon']),
    );
    expect(cut).toContain(':root{--primary-color:#3b82f6}');
    expect(cut).toContain('.p-button{color:#fff}');
    expect(cut).toContain('.p-inputtext:enabled:focus');
    expect(cut).toContain('@keyframes p-spin');
    for (const gone of ['@font-face', 'p-datatable', 'p-button-secondary', '@media', 'p-fade'])
      expect(cut).not.toContain(gone);
  });

  it('cuts lara to the login form: its inputs and buttons, not a table, at a tenth of the size', () => {
    const classes = loginPageClasses(ROOT);
    expect([...classes]).toEqual(
      expect.arrayContaining(['p-inputtext', 'p-button', 'p-button-text', 'p-password', 'p-error']),
    );
    const cut = cutTheme(LARA_LIGHT, classes);
    expect(cut).toMatch(/\.p-inputtext:enabled:hover/);
    expect(cut).toMatch(/\.p-button\.p-button-text/);
    expect(cut).toMatch(/--primary-color:/);
    expect(cut).not.toMatch(/p-datatable|p-dialog|@font-face/);
    expect(cut.length).toBeLessThan(LARA_LIGHT.length / 10);
  });
});
