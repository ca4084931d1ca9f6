/** Naming rules: every file and identifier name the generator emits is decided here. */
import type { ModuleNames } from '../types';

function words(value: string): string[] {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** @example kebabCase('adminNotice') // 'admin-notice' */
export function kebabCase(value: string): string {
  return words(value).join('-');
}

/** @example pascalCase('dict-tree') // 'DictTree' */
export function pascalCase(value: string): string {
  return words(value)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** @example camelCase('dict-tree') // 'dictTree' */
export function camelCase(value: string): string {
  const pascal = pascalCase(value);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/**
 * Orval's plain function name for an operationId: the id itself when it is already a
 * camelCase identifier (our convention), which is what orval emits.
 */
export function orvalFunctionName(operationId: string): string {
  if (/^[a-z][A-Za-z0-9]*$/.test(operationId)) return operationId;
  return camelCase(operationId);
}

/** Orval's tags-split folder (and file) name for a tag. */
export function orvalTagFile(tag: string): string {
  return kebabCase(tag);
}

/**
 * Module keys name files and query keys: kebab-case only.
 *
 * @example moduleKey('dict-tree') // 'dict-tree'
 * @example moduleKey('dict_tree') // throws: must be a kebab-case key
 */
export function moduleKey(key: unknown): string {
  if (typeof key !== 'string' || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(key)) {
    throw new Error(`module "${String(key)}" must be a kebab-case key like notice or dict-tree`);
  }
  return key;
}

/** Every generated file, import and export of a module, from its key and its orval tag. */
export function moduleNames(key: string, tag: string): ModuleNames {
  const tagFile = orvalTagFile(tag);
  const page = `pages/${key}/${key}-page`;
  return {
    moduleFile: `modules/${key}.ts`,
    moduleImport: `@generated/modules/${key}`,
    moduleConst: `${camelCase(key)}Module`,
    mockFile: `mocks/${key}.ts`,
    mockConst: `${camelCase(key)}Mock`,
    pageFile: `${page}.tsx`,
    pageImport: `./${page}`,
    pageComponent: `${pascalCase(key)}Page`,
    apiImport: `@generated/api/${tagFile}/${tagFile}`,
  };
}
