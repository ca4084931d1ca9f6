/**
 * The answers `cli verify` receives, checked against the contract: an operation's 200 answer
 * schema, compiled by ajv against the whole document (its $refs resolved there), and ajv's
 * errors as readable lines with their JSON paths.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { addContractFormats } from '@/core/contract-formats';
import { isJson, type Json } from '../json';
import { resolveRef } from '../model/refs';

export function responseSchema(document: Json, operation: Json): Json | undefined {
  const responses = isJson(operation.responses) ? operation.responses : {};
  const ok = resolveRef(responses['200'], document);
  const content = isJson(ok.content) ? ok.content : {};
  const media = content['application/json'];
  return isJson(media) && isJson(media.schema) ? media.schema : undefined;
}

const DOC_ID = 'https://contract.invalid/openapi.json';

export async function validatorFactory(
  document: Json,
): Promise<(schema: Json) => ValidateFunction> {
  const [{ default: Ajv2020 }, formats] = await Promise.all([
    import('ajv/dist/2020.js'),
    import('ajv-formats'),
  ]);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  formats.default(ajv);
  ajv.addFormat('binary', true);
  addContractFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: document.components });
  return (schema) =>
    ajv.compile(
      JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, `"${DOC_ID}#/components/`)),
    );
}

/** Schema errors as `JSON path: message`, the first three, with the count of the rest. */
export function describeSchemaErrors(errors: readonly ErrorObject[]): string {
  // allOf/anyOf wrappers repeat the leaf errors; keep the leaves, once each.
  const lines = [
    ...new Set(
      errors
        .filter((error) => !['allOf', 'anyOf', 'oneOf', 'if'].includes(error.keyword))
        .map((error) => {
          const extra =
            error.keyword === 'additionalProperties'
              ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})`
              : '';
          return `${error.instancePath || '/'}: ${error.message ?? error.keyword}${extra}`;
        }),
    ),
  ];
  const shown = lines.slice(0, 3).join('; ');
  return lines.length > 3 ? `${shown}; and ${lines.length - 3} more` : shown;
}
