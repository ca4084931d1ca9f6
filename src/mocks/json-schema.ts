/**
 * The mock's one JSON Schema validator: a single ajv (draft 2020-12, with ajv-formats' formats
 * and the contract's own from src/core/contract-formats) checks both the contract's operations
 * (./contract) and the imported sources' schemas (./rest-source/schema-check). It collects every
 * error of a value (allErrors), so a refused request names each wrong field, not the first.
 *
 * Documents are registered under an id; a schema compiled "at" that id reads its local refs
 * (`#/components/schemas/Pet`) there. ajv compiles schemas to code with `new Function`: under a
 * Content-Security-Policy without 'unsafe-eval' compiling throws, which callers answer by not
 * validating (warned once) rather than by not serving.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { addContractFormats } from '@/core/contract-formats';
import { isRecord } from '@/core/guards';

/**
 * A pattern JavaScript cannot read (a document's PCRE-only syntax) constrains nothing, as a
 * server that ignored it would; the rest compile with the unicode flag ajv asks for.
 */
const tolerantRegExp = Object.assign(
  (pattern: string, flags: string): { test: (text: string) => boolean } => {
    try {
      return new RegExp(pattern, flags);
    } catch {
      return { test: () => true };
    }
  },
  // How ajv's standalone code would build it; the mock runs the function itself.
  { code: 'new RegExp' },
);

const ajv = new Ajv2020({
  strict: false,
  allErrors: true,
  // The messages read the failing schema (a type error beside an enum is a wrong choice).
  verbose: true,
  // Not checked against JSON Schema's meta-schema: `cli lint` checks the contract, and a source's
  // document was read when it was imported; compiling the meta-schema cost ~45 ms of a page load.
  validateSchema: false,
  // Infinity and NaN (JSON's 1e400 parses to Infinity) are no number: stored, they become null.
  strictNumbers: true,
  // An unknown format (a document's `int128`) is ignored, quietly.
  logger: false,
  // Compiled code as generated: ajv's optimising passes took most of compiling (DigitalOcean's
  // seed compiles 990 schemas: 8.1 s with them, 1.5 s without, one run each on the shared 2-core
  // machine), and the checks are not a mock's hot path.
  code: { regExp: tolerantRegExp, optimize: false },
  // A referenced schema is compiled once and called, not copied into every schema naming it:
  // seeding DigitalOcean's records compiles hundreds of schemas over the same components.
  inlineRefs: false,
});
addFormats(ajv);
ajv.addFormat('binary', true);
addContractFormats(ajv);

const registered = new Set<string>();

/** Registers a document (or its components) under `id`; a second call with the id keeps the first. */
export function addDocument(id: string, document: Record<string, unknown>): void {
  if (registered.has(id)) return;
  ajv.addSchema(document, id);
  registered.add(id);
}

/** Whether a document is registered under `id` (so its copy need not be made again). */
export function hasDocument(id: string): boolean {
  return registered.has(id);
}

/** The schema with every local `$ref` (`#/…`) pointing into the document registered as `id`. */
function refsInto(id: string, schema: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' && item.startsWith('#')
        ? `${id}${item}`
        : refsIntoValue(id, item),
    ]),
  );
}

function refsIntoValue(id: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => refsIntoValue(id, item));
  return isRecord(value) ? refsInto(id, value) : value;
}

/**
 * A schema compiled against the document registered as `id` (none: a schema without local
 * refs). Throws where ajv cannot compile (a policy without 'unsafe-eval', a ref to nowhere).
 */
export function compileAt(
  id: string | undefined,
  schema: Record<string, unknown>,
): ValidateFunction {
  return ajv.compile(id === undefined ? schema : refsInto(id, schema));
}
