/**
 * A Vite plugin: the login page's own cut of a PrimeReact theme. /login draws PrimeReact's look
 * with plain elements and the theme's classes (no PrimeReact code), so of the theme's 19 KB
 * (gzip) it needs the variables and the rules of the few classes it uses. Importing a theme with
 * `?login-page&url` gives the URL of that cut: every rule whose selectors name only classes the
 * login page's sources write (src/features/auth, the brand), the variables, and the keyframes
 * those rules use; no @font-face (the interface uses the system's CJK fonts). Every other page
 * links the whole theme (src/lib/theme), which holds the same rules: nothing changes on the swap.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss, { type Root, type Rule } from 'postcss';
import type { HtmlTagDescriptor, Plugin } from 'vite';

export const LOGIN_THEME_QUERY = 'login-page';

/** The sources that draw /login: the classes they name are the cut's. */
const LOGIN_SOURCES = ['src/features/auth', 'src/layout/system-brand.tsx'];

const CLASS_IN_SOURCE = /\bp-[a-z0-9]+(?:-[a-z0-9]+)*\b/g;
const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;

function sourceFiles(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (/\.tsx?$/.test(entry)) return [full];
  return readdirSync(full, { withFileTypes: true })
    .filter((file) => file.isFile() && /\.tsx?$/.test(file.name))
    .map((file) => path.join(full, file.name));
}

/** The PrimeReact classes (`p-…`) the login page's sources name. */
export function loginPageClasses(root: string): Set<string> {
  const classes = new Set<string>();
  for (const file of LOGIN_SOURCES.flatMap((entry) => sourceFiles(root, entry)))
    for (const [name] of readFileSync(file, 'utf8').matchAll(CLASS_IN_SOURCE)) classes.add(name);
  return classes;
}

/** True when every class the selector names is one of `classes` (`:root`, `*`: none named). */
const selectorUses = (selector: string, classes: ReadonlySet<string>) =>
  [...selector.matchAll(CLASS_IN_SELECTOR)].every(([, name]) => name && classes.has(name));

const animationNames = (root: Root): Set<string> => {
  const names = new Set<string>();
  root.walkDecls(/^animation(-name)?$/, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) names.add(word);
  });
  return names;
};

/** `css` cut down to the rules a page drawing only `classes` uses. */
export function cutTheme(css: string, classes: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkAtRules('font-face', (atRule) => void atRule.remove());
  // Keyframe steps (`from`, `50%`) name no class: they stay, and so do `:root` and `*`.
  root.walkRules((rule: Rule) => {
    const kept = rule.selectors.filter((selector) => selectorUses(selector, classes));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  const used = animationNames(root);
  root.walkAtRules(/keyframes$/, (atRule) => {
    if (!used.has(atRule.params)) atRule.remove();
  });
  // An @media or @supports whose every rule went goes too.
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

/**
 * A custom property each cut carries, naming its theme's folder (lara-light-blue…): how the build
 * finds the cut among the emitted stylesheets, which Vite names theme-<hash>.css like the whole.
 */
const CUT_MARKER = '--login-page-theme';
const MARKED_CUT = new RegExp(`${CUT_MARKER}:\\s*([\\w-]+)`);

/**
 * The page asks for the cut of the system's colour scheme as it is parsed (a preload with that
 * media query), not once the entry's script has run: the login form's first paint waits for it.
 * Light unless the theme's folder says dark. The script then links the same file (src/lib/theme).
 */
function preloadCuts(
  bundle: Record<string, { type: string; fileName: string; source?: unknown }>,
  base: string,
): HtmlTagDescriptor[] {
  return Object.values(bundle).flatMap((file) => {
    const source = typeof file.source === 'string' ? file.source : '';
    const theme = file.type === 'asset' ? MARKED_CUT.exec(source)?.[1] : undefined;
    if (!theme) return [];
    const scheme = theme.includes('dark') ? 'dark' : 'light';
    return [
      {
        tag: 'link',
        attrs: {
          rel: 'preload',
          as: 'style',
          href: `${base}${file.fileName}`,
          media: `(prefers-color-scheme: ${scheme})`,
        },
        injectTo: 'head',
      },
    ];
  });
}

export function loginTheme(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'login-theme',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transform: {
      filter: { id: new RegExp(`\\.css\\?(?:.*&)?${LOGIN_THEME_QUERY}(?:&|$)`) },
      handler(css, id) {
        // `…&url` is Vite's stub that asks for the stylesheet itself (`…&transform-only`): not CSS.
        if (/[?&]url(?:&|$)/.test(id)) return undefined;
        for (const entry of LOGIN_SOURCES) this.addWatchFile(path.join(root, entry));
        const theme = /themes\/([\w-]+)\//.exec(id)?.[1] ?? 'theme';
        const marker = `:root{${CUT_MARKER}:${theme}}`;
        return { code: `${cutTheme(css, loginPageClasses(root))}\n${marker}`, map: null };
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        return context.bundle ? preloadCuts(context.bundle, base) : [];
      },
    },
  };
}
