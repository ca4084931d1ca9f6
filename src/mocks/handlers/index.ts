/**
 * Every mock handler, in matching order: the token guard, auth, files and uploads, the
 * hand-written look-ups and library, the shell's handlers, then the generic catch-alls
 * (`/api/{method}/getkeyval` and the CRUD engine's `/api/{group}/{action}`).
 * The same list serves the browser worker, vitest (msw/node) and `cli mock-server`.
 */
import type { RequestHandler, WebSocketHandler } from 'msw';
import { mockModules } from '@generated/mocks';
import { authGuard, authHandlers, setPermissionKeySource } from '../auth';
import { engineHandlers, permissionKeys, registerMockModules } from '../engine';
import { fileHandlers } from '../files';
import { runtimeModules } from '../runtime-modules';
import { businessHandlers } from './business';
import { libraryHandlers } from './library';
import { lookupHandlers } from './lookups';
import { shellHandlers } from './shell';

registerMockModules([...mockModules, ...runtimeModules]);
setPermissionKeySource(permissionKeys);

export const handlers: (RequestHandler | WebSocketHandler)[] = [
  ...authGuard,
  ...authHandlers,
  ...fileHandlers,
  ...lookupHandlers,
  ...businessHandlers,
  ...shellHandlers,
  ...libraryHandlers,
  ...engineHandlers,
];
