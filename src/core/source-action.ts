/**
 * An action of an imported source's resource: an operation that is none of list / info / add /
 * edit / delete (`POST /articles/{slug}/favorite`, `POST /subscribers/blocklist`), which
 * `cli import-openapi` marks `x-admin.action: row | toolbar` and `cli generate` turns into a
 * button on the resource's screen — a form of its parameters and body fields, or a question
 * when it takes none. Dependency-free: the generator and the app share it.
 */
import type { FieldDefinition } from './field-definition';
import type { RestMethod } from './rest-source';

/** Where a form field of an action travels: the path, the query string or the JSON body. */
export type ActionFieldPlace = 'path' | 'query' | 'body';

export interface SourceAction {
  /** Unique among the module's actions: the operationId, else the method and path. */
  id: string;
  /** The button's text: the operation's summary, else its operationId made readable. */
  label: string;
  /** `row`: a button per record (the call names the record); `toolbar`: one beside 新增. */
  placement: 'row' | 'toolbar';
  method: RestMethod;
  /** The path template (`/articles/{slug}/favorite`). */
  path: string;
  /** A row action's path parameter that the row's key fills (`slug`). */
  idParam?: string;
  /** The prilist key that shows the button; a public operation has none. */
  permission?: string;
  /** A DELETE: the button is red and always asks first. */
  destructive: boolean;
  /** The form's fields; none: the button asks 确认执行「…」？ and calls. */
  fields: FieldDefinition[];
  /** Where each field is sent, by field name. */
  places: Record<string, ActionFieldPlace>;
  /** How the body fields are sent: JSON (the default), a urlencoded form or a multipart form. */
  bodyAs?: 'json' | 'urlencoded' | 'multipart';
  /** The JSON body's declared media type, when it is not plain `application/json`. */
  contentType?: string;
}
