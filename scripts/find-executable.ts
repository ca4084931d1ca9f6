/**
 * The programs the journeys and the measuring scripts start (Chromium, its headless shell,
 * nginx), found on any developer's machine: an environment variable names one outright; else
 * each of its usual names is looked for on PATH (Debian's `chromium`, Ubuntu's
 * `chromium-browser`, `google-chrome`…); else the places installers put it that are not on PATH
 * (macOS app bundles, /usr/sbin for nginx).
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export interface ExecutableSearch {
  /** The environment variable that names it outright (CHROMIUM_PATH): taken as given. */
  variable: string;
  /** Its names on PATH, the likeliest first. */
  names: readonly string[];
  /** Absolute paths tried after PATH. */
  places: readonly string[];
}

/** Where the search looks: the process's environment and OS unless a test gives its own. */
export interface SearchContext {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
}

const HERE: SearchContext = { env: process.env, platform: process.platform };

function isExecutable(file: string, platform: NodeJS.Platform): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    // Windows has no execute bit: a file of the right name is the program.
    if (platform !== 'win32') accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The names a program has in a folder of PATH (Windows adds its PATHEXT endings). */
function fileNames(name: string, context: SearchContext): string[] {
  if (context.platform !== 'win32') return [name];
  const endings = (context.env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').filter(Boolean);
  return [name, ...endings.map((ending) => `${name}${ending.toLowerCase()}`)];
}

/** Every place the search would look, in order (for a message when none holds the program). */
export function candidates(search: ExecutableSearch, context: SearchContext = HERE): string[] {
  const named = context.env[search.variable];
  if (named) return [named];
  const delimiter = context.platform === 'win32' ? ';' : ':';
  const folders = (context.env.PATH ?? context.env.Path ?? '').split(delimiter).filter(Boolean);
  const onPath = search.names.flatMap((name) =>
    folders.flatMap((folder) => fileNames(name, context).map((file) => path.join(folder, file))),
  );
  return [...onPath, ...search.places];
}

/**
 * The program's path: the variable's value when it is set (whether or not it exists: the
 * developer said so), else the first executable candidate; undefined when there is none.
 */
export function findExecutable(
  search: ExecutableSearch,
  context: SearchContext = HERE,
): string | undefined {
  const named = context.env[search.variable];
  if (named) return named;
  return candidates(search, context).find((file) => isExecutable(file, context.platform));
}

/** What to tell a developer whose machine has none of it. */
export function missingExecutable(search: ExecutableSearch, install: string): string {
  return (
    `${search.names[0] ?? search.variable} not found: looked for ${search.names.join(', ')} on ` +
    `PATH and in ${search.places.join(', ')}. ${install}, or set ${search.variable} to its path.`
  );
}

export const CHROMIUM_BROWSER: ExecutableSearch = {
  variable: 'CHROMIUM_PATH',
  names: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'],
  places: [
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/usr/bin/chromium',
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  ],
};

export const CHROMIUM_SHELL: ExecutableSearch = {
  variable: 'CHROMIUM_SHELL_PATH',
  names: ['chromium-headless-shell', 'chrome-headless-shell'],
  places: ['/usr/bin/chromium-headless-shell'],
};

export const NGINX: ExecutableSearch = {
  variable: 'NGINX_PATH',
  names: ['nginx'],
  places: [
    '/usr/sbin/nginx',
    '/usr/local/sbin/nginx',
    '/opt/homebrew/bin/nginx',
    '/usr/local/bin/nginx',
  ],
};
