/**
 * Every mock handler, in matching order: the call guard (an operation of the contract or a
 * reviewed mock-only route, method and path as sent; the session; the permission key), the
 * request guards (size, readability, contract), auth, files and uploads, the hand-written look-ups and
 * library, the shell's handlers, then the generic catch-alls (`/api/{method}/getkeyval` and
 * the CRUD engine's `/api/{group}/{action}`).
 * The same list serves the browser worker, vitest (msw/node) and `cli mock-server`.
 */
import { HttpResponse, type RequestHandler, type WebSocketHandler } from 'msw';
import { mockModules } from '@generated/mocks';
import { authHandlers, setPermissionKeySource } from '../auth';
import { callGuard } from '../call-guard';
import { mockRoutes, type DemoCall } from '../mock-routes';
import { engineHandlers } from '../engine';
import { permissionKeys, registerMockModules } from '../engine-registry';
import { fileHandlers } from '../uploads';
import { requestGuards } from '../guards';
import { answerStorageFullWith } from '../http-wrapper';
import { isOssPath, ossErrorDocument } from '../oss';
import { runtimeModules } from '../runtime-modules';
import { randomHex } from '../util';
import { businessHandlers } from './business';
import { libraryHandlers, mockResetHandler } from './library';
import { passwordHandlers } from './passwords';
import { designerHandlers } from './designer';
import { lookupHandlers } from './lookups';
import { roleMenuHandlers } from './role-menus';
import { settingsHandlers } from './settings';
import { pushMessageHandler, shellHandlers } from './shell';
import { sourceHandlers } from './sources';
import { versionHandlers } from './versions';

registerMockModules([...mockModules, ...runtimeModules]);
setPermissionKeySource(permissionKeys);
// Cloud storage tells ali-oss in its own XML that an object could not be kept (507, as OSS
// says a full store), so the upload shows the reason instead of failing to parse an envelope.
answerStorageFullWith((request, message) => {
  if (!isOssPath(new URL(request.url).pathname)) return undefined;
  const requestId = randomHex(12).toUpperCase();
  return new HttpResponse(ossErrorDocument('InsufficientStorage', message, requestId), {
    status: 507,
    headers: { 'Content-Type': 'application/xml', 'x-oss-request-id': requestId },
  });
});

export interface MockHandlerOptions {
  /** Serve the mock-only POST /api/mock/reset (restores every table to its seed). */
  allowReset: boolean;
  /** Serve the mock-only POST /api/mock/pushmessage (a message to every bound socket). */
  allowPush: boolean;
}

/** The demo-only calls the options switch on. */
export function demoCallsOf(options: MockHandlerOptions): Set<DemoCall> {
  const calls = new Set<DemoCall>();
  if (options.allowReset) calls.add('reset');
  if (options.allowPush) calls.add('pushMessage');
  return calls;
}

export function mockHandlers(options: MockHandlerOptions): (RequestHandler | WebSocketHandler)[] {
  return [
    callGuard(mockRoutes(demoCallsOf(options))),
    ...requestGuards,
    ...authHandlers,
    ...passwordHandlers,
    ...fileHandlers,
    ...designerHandlers,
    ...lookupHandlers,
    ...roleMenuHandlers,
    ...businessHandlers,
    ...shellHandlers,
    ...libraryHandlers,
    ...settingsHandlers,
    ...versionHandlers,
    ...sourceHandlers,
    ...(options.allowReset ? [mockResetHandler] : []),
    ...(options.allowPush ? [pushMessageHandler] : []),
    ...engineHandlers,
  ];
}

/** The browser demo and vitest: the demo's reset and push calls included. */
export const handlers = mockHandlers({ allowReset: true, allowPush: true });
