/**
 * The one error of `import-openapi`: a line saying what to fix. `kind` tells the CLI's exit code
 * apart: the call is wrong (no such file, a bad flag, a source to overwrite without --force: 2)
 * or the document is (not OpenAPI 3, broken YAML, a $ref that does not resolve: 3).
 */
export type ImportOpenApiErrorKind = 'unreadable' | 'usage' | 'exists' | 'invalid';

export class ImportOpenApiError extends Error {
  constructor(
    message: string,
    readonly kind: ImportOpenApiErrorKind,
  ) {
    super(message);
    this.name = 'ImportOpenApiError';
  }
}
