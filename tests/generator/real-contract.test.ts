// @vitest-environment node
/**
 * The real contract: every call of spec section 7 is in generated/openapi.json with the spec's
 * method and path. (That the committed generated/ type-checks is the root `npm run typecheck`:
 * tsconfig.app.json includes generated/ under the same strict options.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './helpers';

const document = JSON.parse(readFileSync(path.join(REPO, 'generated/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};

const crud = (group: string, actions = ['info', 'edit', 'add', 'delete']): [string, string][] => [
  ['get', `/api/${group}/list`],
  ...actions.map((action): [string, string] => ['post', `/api/${group}/${action}`]),
];
const posts = (group: string, actions: string[]): [string, string][] =>
  actions.map((action) => ['post', `/api/${group}/${action}`]);

/** Spec section 7, call by call (POST unless marked GET). */
const SECTION_7: [string, string][] = [
  // Session
  ['post', '/api/login'],
  ['post', '/api/ssologin'],
  ['post', '/api/wechatauthlogin'],
  ['get', '/api/captcha'],
  ['get', '/api/clearcache'],
  ['post', '/api/getsystemsetting'],
  ['post', '/api/adminmenu/getusermenu'],
  // Admin user
  ...crud('adminuser', [
    'info',
    'edit',
    'add',
    'delete',
    'disable',
    'uppassword',
    'resetpassword',
    'getkeyval',
  ]),
  // Groups with GET list and POST info, edit, add, delete
  ...crud('admindepartment'),
  ...posts('admindepartment', [
    'disable',
    'getjobdepid',
    'gettreedep',
    'savejobdep',
    'getdeptreebyuserid',
    'gettreedepkeyval',
    'updatefield',
  ]),
  ...crud('adminmenu'),
  ...posts('adminmenu', [
    'disable',
    'getusermenu',
    'getrolemenuid',
    'gettreemenu',
    'saverolemenu',
    'updatefield',
  ]),
  ...crud('adminnotice'),
  ['get', '/api/adminnotice/recycle'],
  ...posts('adminnotice', ['destroy', 'restore']),
  ...crud('attachment', ['edit', 'add', 'delete']),
  ...crud('dictionary'),
  ...posts('dictionary', [
    'disable',
    'getkeyval',
    'createcash',
    'getparentdickeyVal',
    'updatefield',
  ]),
  ...crud('datadicttree'),
  ...posts('datadicttree', [
    'updatefield',
    'getkeyval',
    'getlistkeyVal',
    'createcash',
    'gettopdictkeyVal',
  ]),
  ...crud('group'),
  ...posts('group', ['getgroupdata', 'createcash', 'updatesetting']),
  ...crud('groupitem', ['info', 'edit', 'add', 'delete', 'disable']),
  ...crud('message'),
  ...posts('message', ['read', 'updatefield', 'getmesnoreadnum', 'getsocketstatus']),
  // Attachment categories
  ...crud('attachmentcate', ['add', 'edit', 'delete']),
  // Uploads
  ['post', '/api/tool/uploadimg/'],
  ['post', '/api/tool/uploadfile/'],
  ['post', '/api/tool/uploadmedia'],
  ['post', '/api/tool/uploadslice'],
  ['post', '/api/tool/getaliyunoss'],
  ['post', '/api/tool/inportfile/'],
  // Dynamic forms and generic modules
  ['post', '/api/field/getfieldarrbymodule'],
  ...posts('{module}', [
    'add',
    'edit',
    'info',
    'destroy',
    'restore',
    'delete',
    'importtemplate',
    'import',
  ]),
  ['get', '/api/{module}/list'],
  ['get', '/api/{module}/mylist'],
  ['get', '/api/{module}/recycle'],
  ['get', '/api/{module}/export'],
  ['get', '/api/{method}/getkeyval'],
  // Editor-internal calls: GET action=config, POST uploads and remote images
  ['get', '/ueditor/ue'],
  ['post', '/ueditor/ue'],
];

describe('generated/openapi.json covers spec section 7', () => {
  it.each(SECTION_7)('%s %s', (method, route) => {
    expect(Object.keys(document.paths[route] ?? {}), `${method.toUpperCase()} ${route}`).toContain(
      method,
    );
  });
});
