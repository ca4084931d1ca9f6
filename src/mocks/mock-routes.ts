/**
 * The calls the mock serves that are not operations of the contract, each with its methods and
 * what the caller needs — reviewed here, in one list, so that no handler answers a path the
 * call guard (./call-guard) has not judged. Everything else under `/api/` and `/ueditor/` is an
 * operation of generated/openapi.json (method and path) or is answered 404 / 405.
 *
 * Also here: the editor's actions. `/ueditor/ue` is one path of the contract switched by its
 * `action` query parameter, so what the caller needs depends on the action, whatever the
 * method (GET or POST, the two the contract declares).
 */
import { OPERATION_PERMISSIONS } from '@generated/permissions';
import { OSS_BUCKET } from './oss';
import { STORAGE_PREFIX } from './files';

/** What a call needs before its handler runs. */
export type Access =
  /** Nothing: answered without a token. */
  | { kind: 'public' }
  /** A valid session, whoever holds it (reading, the caller's own account). */
  | { kind: 'signedIn' }
  /** A session whose user holds the permission key. */
  | { kind: 'permission'; key: string }
  /** The super administrator only (the demo-only calls). */
  | { kind: 'superUser' }
  /** The protocol's own credentials, checked by its handler (cloud storage's signatures). */
  | { kind: 'ownProtocol' };

export interface MockRoute {
  /** The route in words, for the reader and the tests. */
  name: string;
  /** Tested against the whole path as sent (after the URL's own dot-segment resolution). */
  path: RegExp;
  /** The methods its handler serves; any other is answered 405. */
  methods: readonly string[];
  access: Access;
}

/** A demo-only call, served only where its server flag is on (the browser demo keeps them). */
export type DemoCall = 'reset' | 'pushMessage';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Routes every runtime serves. */
const ROUTES: readonly MockRoute[] = [
  {
    // Files kept by the uploads (./files), read by <img> and links, which send no token.
    name: 'kept file',
    path: new RegExp(`^${escape(STORAGE_PREFIX)}[^/]+$`),
    methods: ['GET'],
    access: { kind: 'public' },
  },
  {
    // Cloud storage (./oss): every request is signed with the credential that
    // /api/tool/getaliyunoss (TOOL_UPLOAD) hands out; the handler checks the signature.
    name: 'cloud storage object',
    path: new RegExp(`^/${escape(OSS_BUCKET)}/.+$`),
    methods: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
    access: { kind: 'ownProtocol' },
  },
];

/** The demo-only calls: the super administrator's, and only with their server flag. */
const DEMO_ROUTES: ReadonlyMap<DemoCall, MockRoute> = new Map([
  [
    'reset',
    {
      name: 'POST /api/mock/reset (restores every table to its seed)',
      path: /^\/api\/mock\/reset\/?$/,
      methods: ['POST'],
      access: { kind: 'superUser' },
    },
  ],
  [
    'pushMessage',
    {
      name: 'POST /api/mock/pushmessage (pushes a message to every bound socket)',
      path: /^\/api\/mock\/pushmessage\/?$/,
      methods: ['POST'],
      access: { kind: 'superUser' },
    },
  ],
]);

/** The routes served with these demo calls switched on. */
export function mockRoutes(demoCalls: ReadonlySet<DemoCall>): MockRoute[] {
  return [
    ...ROUTES,
    ...[...DEMO_ROUTES].filter(([call]) => demoCalls.has(call)).map(([, route]) => route),
  ];
}

/** The operations of the contract on `/ueditor/ue` (the GET of its configuration, the POST). */
export const EDITOR_OPERATIONS: ReadonlySet<string> = new Set(['ueditorConfig', 'ueditorAction']);

const EDITOR_UPLOAD_KEY = OPERATION_PERMISSIONS.ueditorAction;

/**
 * What the editor's uploads and remote-image capture need: the key of the contract's
 * ueditorAction. Should the contract ever name none, they fail closed (the super administrator's).
 */
const EDITOR_UPLOAD: Access =
  EDITOR_UPLOAD_KEY === undefined
    ? { kind: 'superUser' }
    : { kind: 'permission', key: EDITOR_UPLOAD_KEY };

/**
 * What each editor action needs. The configuration is read before anything else, before the
 * page holds a session (it carries no secret); the lists of kept files are reading; everything
 * that stores a file or fetches an address needs the upload key. An action not listed here is
 * answered by the handler's 请求地址出错 for a signed-in caller.
 */
const EDITOR_ACTIONS: ReadonlyMap<string, Access> = new Map<string, Access>([
  ['config', { kind: 'public' }],
  ['listimage', { kind: 'signedIn' }],
  ['listfile', { kind: 'signedIn' }],
  ['uploadimage', EDITOR_UPLOAD],
  ['uploadfile', EDITOR_UPLOAD],
  ['uploadvideo', EDITOR_UPLOAD],
  ['uploadscrawl', EDITOR_UPLOAD],
  ['catchimage', EDITOR_UPLOAD],
]);

/** What an editor call needs, from its action alone (never from its method). */
export function editorActionAccess(url: URL): Access {
  return EDITOR_ACTIONS.get(url.searchParams.get('action') ?? '') ?? { kind: 'signedIn' };
}
