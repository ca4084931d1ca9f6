/** The mock backend under Node for vitest: `server.listen({ onUnhandledRequest: 'error' })`. */
import { setupServer } from 'msw/node';
import { handlers } from './handlers';

export const server = setupServer(...handlers);

export { resetMockDatabase } from './reset';
