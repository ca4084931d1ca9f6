/**
 * An imported API source (`cli import-openapi`) as the app sees it: its conventions, auth and,
 * per resource, the REST calls behind each CRUD capability. `cli generate` writes these from the
 * source's x-admin (generated/sources/); the request adapter (src/lib/rest-source) turns them
 * into the ModuleApi the CRUD blocks consume, the same seam the spec's envelope backend fills
 * with orval's functions. Dependency-free: the generator, the app and the mock share it.
 */
import { isRecord } from './guards';

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a source reports failures: RFC 7807 bodies, some JSON body, or only the status. */
export type RestErrorStyle = 'problem+json' | 'json' | 'status-text';

export type SourceAuth =
  | { scheme: string; type: 'bearer' }
  | { scheme: string; type: 'basic' }
  | { scheme: string; type: 'apiKey'; in: 'header' | 'query'; name: string }
  | OAuthSourceAuth;

/** The OAuth2 grants the source's sign-in dialog can do itself: no browser redirect needed. */
export type OAuthFlow = 'clientCredentials' | 'password';

/**
 * An OAuth2 scheme with a client-credentials or password flow: the sign-in dialog posts the
 * user's credentials (form-encoded) to `tokenUrl` and keeps the `access_token` it answers, sent
 * as `Authorization: Bearer`. A relative `tokenUrl` (`/oauth/token`) lies under the source's
 * base, as a call's path does.
 */
export interface OAuthSourceAuth {
  scheme: string;
  type: 'oauth2';
  flow: OAuthFlow;
  tokenUrl: string;
  /** The flow's declared scopes, all asked for; empty when it declares none. */
  scopes: string[];
}

export interface SourceDescription {
  /** Lower-case source name: the folder under openapi/sources/ and the key of its session. */
  name: string;
  /** Menu group title, e.g. 宠物商店. */
  title: string;
  /**
   * Where the app sends the source's calls: `/sources/<name>` (proxied in development, served by
   * the mock in the demo) unless `VITE_SOURCE_<NAME>_URL` names another at build time.
   */
  basePath: string;
  /** The path of the document's first server URL (`/v3`), which the real server expects. */
  serverPath: string;
  errors: RestErrorStyle;
  /** Supported securitySchemes; the first one is used. Empty: the source is open. */
  auth: SourceAuth[];
}

/** One REST call: method and path template (`/pet/{petId}`). */
export interface RestCall {
  method: RestMethod;
  path: string;
  /** The path parameter that carries the record id (info, edit, delete on an item path). */
  idParam?: string;
  /** Edit only: the call takes the whole record as its JSON body (PUT /pet). */
  body?: 'json' | 'none';
  /**
   * The body's media type as the document declares it, when not plain `application/json`
   * (`application/merge-patch+json` for a PATCH in Zalando's style).
   */
  contentType?: string;
  /**
   * Info, add, edit: where the single record sits in the 2xx answer, a dotted path (`article`
   * of `{ "article": { … } }`; x-admin `record`). Absent: the answer is the record.
   */
  recordAt?: string;
  /**
   * Add, edit: the request body holds the record's fields under this dotted path (`article` for
   * `{ "article": { … } }`; x-admin `body`). Absent: the body is the record.
   */
  bodyAt?: string;
  /**
   * Add, edit: body fields that take null (`nullable: true`, `type: [x, "null"]`). Emptied in
   * the form, such a field is sent as null, so an edit clears the stored value; any other
   * emptied field is left out, as an API reads a missing optional field.
   */
  nullable?: string[];
  /**
   * Edit on an item path: false where the body schema refuses fields it does not declare
   * (`additionalProperties: false`) and declares none of the record's key. The key then names
   * the record in the path only; sent in the body too, it is refused (OpenAI's
   * ModifyAssistantRequest: "id is not allowed"). Absent: the key is sent in the body as well.
   */
  keyInBody?: false;
}

/** The largest page the API serves: its size parameter's declared `maximum` (Museum: 30). */
interface PageLimit {
  maxSize?: number;
}

export type RestPagination =
  | { style: 'none' }
  | ({ style: 'page'; page: string; size: string; firstPage: 0 | 1 } & PageLimit)
  | ({ style: 'offset'; offset: string; limit: string } & PageLimit)
  | ({ style: 'cursor'; cursor: string; limit?: string } & PageLimit);

export type RestTotal =
  | { in: 'client' }
  | { in: 'body'; field: string }
  | { in: 'header'; name: string };

export interface RestListCall extends RestCall {
  pagination: RestPagination;
  total: RestTotal;
  /** Body field holding the rows; absent when the body is the array itself. */
  items?: string;
  /** Query parameter of the free-text search, when the call has one. */
  keyword?: string;
  /** Query parameter that orders the list; `-field` descending when the document says so. */
  sort?: { param: string; fields: string[]; descending: '-field' | 'unknown' };
  /** Query parameters offered as filters (each also a search field of the module). */
  filters: string[];
}

/** The calls behind a resource's capabilities; absent ones are not offered. */
export interface RestResourceCalls {
  list?: RestListCall;
  info?: RestCall;
  add?: RestCall;
  edit?: RestCall;
  delete?: RestCall;
}

/**
 * The value at a dotted path of a JSON answer (`data.results` of `{ data: { results: [] } }`);
 * undefined when a step is missing or is no object. The whole value for an empty path.
 */
export function valueAtPath(value: unknown, path: string): unknown {
  let found = value;
  for (const part of path.split('.').filter(Boolean)) {
    // Own fields only: `__proto__` or `constructor` in a path reads nothing inherited.
    if (!isRecord(found) || !Object.hasOwn(found, part)) return undefined;
    found = found[part];
  }
  return found;
}

/** `value` placed at a dotted path: `wrapAtPath('data.item', 1)` → `{ data: { item: 1 } }`. */
export function wrapAtPath(path: string, value: unknown): unknown {
  return path
    .split('.')
    .filter(Boolean)
    .reduceRight<unknown>((inner, part) => ({ [part]: inner }), value);
}
