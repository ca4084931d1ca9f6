/**
 * Where a source's call goes: the source's base (or the build's override) plus the call's path
 * template with its `{param}` placeholders filled.
 */
import { textOf } from '@/core/guards';
import type { SourceDescription } from '@/core/rest-source';
import { restSourceMessages as t } from '@/locale/rest-source';
import { sourceFailure } from './errors';

/** The build-time variable that points a source elsewhere: `VITE_SOURCE_<NAME>_URL`. */
export function sourceUrlVariable(name: string): string {
  return `VITE_SOURCE_${name.toUpperCase().replace(/-/g, '_')}_URL`;
}

/**
 * The base of a source's calls: `VITE_SOURCE_<NAME>_URL` when the build sets it (a deployment
 * that talks to the real server directly), else `source.basePath` (the dev proxy or the demo's
 * mock). Read at call time, not at import, so tests can pass `env` or stub the variable.
 */
export function sourceBaseUrl(
  source: Pick<SourceDescription, 'name' | 'basePath'>,
  env: Readonly<Record<string, unknown>> = import.meta.env,
): string {
  const override = env[sourceUrlVariable(source.name)];
  const base = typeof override === 'string' && override.trim() ? override.trim() : source.basePath;
  // The call paths start with '/': a trailing slash here would double it.
  return base.replace(/\/+$/, '');
}

/** The `{name}` placeholders of a path template, in order. */
export function pathParams(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
}

/**
 * The template with each `{name}` replaced by `valueOf(name)`, URI-encoded (an id may hold `/`
 * or spaces). A placeholder without a value refuses the call: sending `/pet/undefined` would
 * act on the wrong address, and the failure names the missing parameter.
 */
export function fillPath(template: string, valueOf: (name: string) => unknown): string {
  return template.replace(/\{([^}]+)\}/g, (_placeholder, name: string) => {
    const value = textOf(valueOf(name));
    if (!value) throw sourceFailure(t.missingPathParam(name), 0, 'parse');
    return encodeURIComponent(value);
  });
}

/** Base + path + query string (none when the query is empty). */
export function joinUrl(base: string, path: string, query: URLSearchParams): string {
  const search = query.toString();
  return `${base}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
}
