/**
 * Render step of the imported sources: per source its description, its document (served by
 * the demo's mock), its types (openapi-typescript), a module definition and a page per
 * resource; then the index of every source. Contract text lands as literals and comment-safe
 * text only (code-text.ts), as in every other template.
 */
import { permissionKeyFor } from '../../src/core/permission';
import { camelCase } from '../model/names';
import { commentText, identifier } from '../render/code-text';
import { literals, renderTemplate as render } from '../render/render-templates';
import { BANNER_TEXT } from '../banner';
import { isJson } from '../json';
import type { GeneratedFile } from '../types';
import type { SourceModel, SourceModuleModel } from './source-model';

export const SOURCE_TEMPLATE_NAMES = [
  'source-module.ts.ejs',
  'source.ts.ejs',
  'sources-index.ts.ejs',
  'source-page.tsx.ejs',
] as const;

export type SourceTemplates = Record<(typeof SOURCE_TEMPLATE_NAMES)[number], string>;

function sourceConst(name: string): string {
  return identifier(`${camelCase(name)}Source`, 'source const');
}

function renderModule(
  source: SourceModel,
  module: SourceModuleModel,
  templates: SourceTemplates,
): GeneratedFile[] {
  const view = {
    literal: literals({
      ...module,
      ...module.fields,
      ...module.forms,
      // The details show the record's fields without its writeOnly ones; the forms keep them.
      formFields: module.forms.shown,
      typesImport: `@generated/sources/${source.name}/types`,
      sourceImport: `@generated/sources/${source.name}/source`,
      moduleImport: module.names.moduleImport,
      // Without a list call the screen looks records up by key.
      lookup: module.calls.list ? undefined : true,
      parentParam: module.parent?.param,
      parentRoute: module.parent?.route,
      parentLabel: module.parent?.label,
      nested: module.children,
      // Only a module with actions imports the runner and passes them to its page.
      actions: module.actions.length > 0 ? module.actions : undefined,
    }),
    comment: {
      title: commentText(module.title),
      route: commentText(module.route),
      tag: commentText(module.tag),
      source: commentText(source.name),
      entity: commentText(module.entity),
    },
    code: {
      moduleConst: identifier(module.names.moduleConst, 'module const'),
      actionsConst: identifier(
        module.names.moduleConst.replace(/Module$/, 'Actions'),
        'actions const',
      ),
      pageComponent: identifier(module.names.pageComponent, 'page component'),
      entityType: identifier(
        `${module.names.pageComponent.replace(/Page$/, '')}Record`,
        'entity type',
      ),
      sourceConst: sourceConst(source.name),
    },
  };
  return [
    {
      path: module.names.moduleFile,
      content: render(templates['source-module.ts.ejs'], 'source-module.ts.ejs', view),
    },
    {
      path: module.names.pageFile,
      content: render(templates['source-page.tsx.ejs'], 'source-page.tsx.ejs', view),
    },
  ];
}

/** Keys of a source's screens and of the actions its operations name. */
function permissionKeys(source: SourceModel): string[] {
  const keys = source.modules.flatMap((module) =>
    module.capabilities.map((capability) => permissionKeyFor(module.permissionKey, capability)),
  );
  const paths = isJson(source.document.paths) ? source.document.paths : {};
  for (const item of Object.values(paths))
    for (const operation of Object.values(isJson(item) ? item : {})) {
      const admin = isJson(operation) ? operation['x-admin'] : undefined;
      if (isJson(admin) && typeof admin.permission === 'string') keys.push(admin.permission);
    }
  return keys;
}

export function renderSources(
  sources: readonly SourceModel[],
  templates: SourceTemplates,
): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  for (const source of sources) {
    const view = {
      literal: literals({ description: source.description }),
      comment: { name: commentText(source.name), title: commentText(source.description.title) },
      code: { sourceConst: sourceConst(source.name) },
    };
    files.push(
      {
        path: `sources/${source.name}/source.ts`,
        content: render(templates['source.ts.ejs'], 'source.ts.ejs', view),
      },
      {
        path: `sources/${source.name}/document.json`,
        content: `${JSON.stringify({ 'x-generated': BANNER_TEXT, ...source.document }, null, 2)}\n`,
      },
      ...source.modules.flatMap((module) => renderModule(source, module, templates)),
    );
  }
  const index = sources.map((source) => ({
    literal: literals({
      name: source.name,
      sourceImport: `./${source.name}/source`,
      documentImport: `./${source.name}/document.json`,
    }),
    code: { sourceConst: sourceConst(source.name) },
  }));
  const keys = [...new Set(sources.flatMap(permissionKeys))].sort();
  files.push({
    path: 'sources/index.ts',
    content: render(templates['sources-index.ts.ejs'], 'sources-index.ts.ejs', {
      sources: index,
      literal: literals({ permissionKeys: keys }),
    }),
  });
  return files;
}

/** The screen registry entry of a source module (screens.ts lists them beside the backend's). */
export function sourceScreen(module: SourceModuleModel) {
  return {
    literal: literals({
      route: module.route,
      title: module.title,
      parentPath: module.parent?.route,
      keepAlive: module.keepAlive,
      menu: module.menu,
      permissionKey: module.permissionKey,
      operate: module.capabilities.filter((capability) => capability !== 'list'),
      pageImport: module.names.pageImport,
    }),
    handWritten: false,
  };
}
