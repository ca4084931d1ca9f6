/**
 * A list's add/edit form fetched ahead of its opening (see useFormPrefetch in ./lazy-dialogs.tsx):
 * the form engine, unless the screen draws its own form, and the lazy controls the module's
 * fields show — the rich-text editor, the upload widgets, the date pickers. Otherwise 新增 on a
 * slow link waits for the form's code, then for the editor's. Light: it names loaders only, so
 * the list carries it and the downloads start without a round trip for this module first.
 */
import { prefetchControls } from '@/components/form/controls/prefetch';
import { crudFormCode } from './crud-form-code';
import type { ModuleDefinition } from './module-definition';

export function prefetchForm(module: ModuleDefinition, generatedForm: boolean): void {
  // A failed download is retried, and reported, when the dialog asks for it itself.
  // The module LazyCrudForm loads (./lazy-dialogs.tsx): once here, the form opens at once.
  if (generatedForm) crudFormCode.load().catch(() => undefined);
  // An imported source's add/edit forms may show fields the record's list does not (a password).
  prefetchControls([
    ...module.fields,
    ...(module.addForm?.fields ?? []),
    ...(module.editForm?.fields ?? []),
  ]);
}

/** The modules whose form was fetched ahead from a render: a list renders often. */
const startedFrom = new WeakMap<ModuleDefinition, Set<boolean>>();

/**
 * prefetchForm once per module (and kind of form), for a caller that runs on every render; the
 * pointer on 新增 still calls prefetchForm itself, which retries a download that failed.
 */
export function prefetchFormOnce(module: ModuleDefinition, generatedForm: boolean): void {
  const kinds = startedFrom.get(module) ?? new Set<boolean>();
  if (kinds.has(generatedForm)) return;
  startedFrom.set(module, kinds.add(generatedForm));
  prefetchForm(module, generatedForm);
}
