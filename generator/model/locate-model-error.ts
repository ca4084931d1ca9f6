/** Where a problem of the x-admin model stands in the contract's files. */
import { isJson } from '../json';
import type { ValuePath } from '../parse/source-lines';
import type { OpenApiDocument } from '../types';
import { ModelError } from './build-modules';

/**
 * The model's problems, each prefixed with the file and line of the tag or schema it names —
 * of the x-admin key it names when the file has it (`paths/district.yaml:18: tag district:
 * x-admin.tree.leaf.field levl is not a property of District`), else of the tag's x-admin.
 */
export function locateModelError(
  error: ModelError,
  document: OpenApiDocument,
  locate: (at: ValuePath) => string | undefined,
): ModelError {
  const tagNames = (document.tags ?? []).map((tag) => (isJson(tag) ? String(tag.name) : ''));
  const located = error.problems.map((problem) => {
    const tag = /^tag ([^\s:]+):(?: x-admin\.([A-Za-z.]+))?/.exec(problem);
    const schema = /^components\.schemas\.([^\s.:]+)(?:\.([^\s.:]+))?:/.exec(problem);
    let at: ValuePath | undefined;
    if (tag && tagNames.includes(tag[1]!))
      at = ['tags', tagNames.indexOf(tag[1]!), 'x-admin', ...(tag[2]?.split('.') ?? [])];
    else if (schema)
      at = ['components', 'schemas', schema[1]!, ...(schema[2] ? ['properties', schema[2]] : [])];
    const where = at && locate(at);
    return where ? `${where}: ${problem}` : problem;
  });
  return new ModelError(located);
}
