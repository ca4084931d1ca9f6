/**
 * The sign-in dialog of an OAuth2 source (issue 50 item 6), against the source's own mock (the
 * warehouse fixture's engine behind msw, as the demo serves it): the list is refused until the
 * user signs in with the demo client; a wrong secret is told in Chinese and keeps what was
 * typed; the right one stores the token and the list loads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http } from 'msw';
import { parse } from 'yaml';
import { describe, expect, it, vi } from 'vitest';
import { isRecord } from '@/core/guards';
import type { SourceDescription } from '@/core/rest-source';
import SourceSignInDialog from '@/layout/source-sign-in-dialog';
import { getSourceCredential, restModule } from '@/lib/rest-source';
import { createRestSource } from '@/mocks/rest-source/engine';
import { rejectionOf, server, setupSourceServer } from '../rest-source/harness';

setupSourceServer();

const warehouse: SourceDescription = {
  name: 'warehouse',
  title: '仓库',
  basePath: '/sources/warehouse',
  serverPath: '/v1',
  errors: 'status-text',
  auth: [
    {
      scheme: 'warehouse_auth',
      type: 'oauth2',
      flow: 'clientCredentials',
      tokenUrl: '/oauth/token',
      scopes: ['items:read', 'items:write'],
    },
  ],
};

/** The warehouse fixture's mock, answering the source's base path. */
function serveWarehouseMock(): void {
  const file = path.resolve(import.meta.dirname, '../../fixtures/openapi/warehouse-oauth2.yaml');
  const document: unknown = parse(readFileSync(file, 'utf8'));
  if (!isRecord(document)) throw new Error('not a document');
  const engine = createRestSource(document, { basePath: warehouse.basePath, seed: 'warehouse' });
  server.use(http.all(/\/sources\/warehouse\//, ({ request }) => engine.handle(request)));
}

const { api } = restModule<Record<string, unknown>>(
  warehouse,
  {
    list: {
      method: 'GET',
      path: '/items',
      pagination: { style: 'none' },
      total: { in: 'client' },
      filters: [],
    },
  },
  'id',
);
const listItems = () => api.list?.({ pageindex: 1, pagesize: 10 }) ?? Promise.reject(new Error());

describe('登录「仓库」 (OAuth2 client credentials)', () => {
  it('asks for the client, tells a wrong secret in Chinese, then signs in and the list loads', async () => {
    serveWarehouseMock();
    // Before signing in the mock refuses the list (401: the dialog would be asked for).
    expect(await rejectionOf(listItems())).toMatchObject({ status: 401 });

    const onHide = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SourceSignInDialog source={warehouse} onHide={onHide} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('dialog', { name: '登录「仓库」' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请输入客户端 ID');

    await userEvent.type(screen.getByLabelText('客户端 ID'), 'demo-client');
    await userEvent.type(screen.getByLabelText('客户端密钥'), 'wrong-secret');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        '客户端 ID 或客户端密钥错误，请检查后重试',
      ),
    );
    // Nothing typed is lost, nothing is stored, the dialog stays.
    expect(screen.getByLabelText('客户端 ID')).toHaveValue('demo-client');
    expect(screen.getByLabelText('客户端密钥')).toHaveValue('wrong-secret');
    expect(getSourceCredential('warehouse')).toBeUndefined();
    expect(onHide).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('客户端密钥'));
    await userEvent.type(screen.getByLabelText('客户端密钥'), 'demo-secret');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(getSourceCredential('warehouse')).toMatch(/^[0-9a-f]{48}$/);

    const page = await listItems();
    expect(page.status).toBe(200);
    expect(page.data?.data.length).toBeGreaterThan(0);
  });

  it('a password flow asks for the user name and password, the client optional', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SourceSignInDialog
          source={{
            ...warehouse,
            auth: [
              {
                scheme: 'warehouse_auth',
                type: 'oauth2',
                flow: 'password',
                tokenUrl: '/oauth/token',
                scopes: [],
              },
            ],
          }}
          onHide={() => undefined}
        />
      </QueryClientProvider>,
    );
    for (const label of ['用户名', '密码', '客户端 ID（可选）', '客户端密钥（可选）'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
  });
});
