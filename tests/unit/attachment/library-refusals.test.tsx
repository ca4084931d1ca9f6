/**
 * What the attachment library refuses before anything is sent, and what the mock backend
 * refuses whatever the browser did (issue 51 walk-through):
 * - item 9: a file over the configured size (5 MB by default) is refused with the spec's words
 *   and never uploaded (a 14 MB image went up for 3.5 s before the server refused it);
 * - item 12b: a network attachment's address must be an http(s) one (`javascript:alert(1)` was
 *   kept).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AttachmentLibraryDialog from '@/components/attachment-library/attachment-library-dialog';
import { onNotify, type NotifyMessage } from '@/lib/notify';
import { setAccessRoutes } from '@/lib/permissions';
import { clearSession, startSession } from '@/lib/session';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../form/render';
import { call, signIn, withMockServer } from '../mocks/harness';

withMockServer();

const MB = 1024 * 1024;
const HOSTILE_ADDRESS = 'javascript:alert(1)';
const ADDRESS_REFUSED = '附件地址必须是以 http:// 或 https:// 开头的网址';

let toasts: NotifyMessage[] = [];
/** Paths of the requests the page sent, in order. */
let sent: string[] = [];
let token = '';
const stops: (() => void)[] = [];

beforeEach(async () => {
  toasts = [];
  sent = [];
  stops.push(onNotify((message) => toasts.push(message)));
  const record = ({ request }: { request: Request }) =>
    void sent.push(new URL(request.url).pathname);
  server.events.on('request:start', record);
  stops.push(() => server.events.removeListener('request:start', record));
  token = await signIn();
  startSession({
    token,
    userinfo: { username: 'admin', nickname: '超级管理员', avatar: '' },
    prilist: 'ATTACHMENT_ADD,ATTACHMENT_EDIT,ATTACHMENT_DELETE,TOOL_UPLOAD',
  } as Parameters<typeof startSession>[0]);
  setAccessRoutes({ '/system/attachment': ['add', 'edit', 'delete'] });
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  clearSession();
  setAccessRoutes(undefined);
});

async function openLibrary() {
  renderWithProviders(
    <AttachmentLibraryDialog visible kind="image" limit={9} onSelect={vi.fn()} onHide={vi.fn()} />,
  );
  await screen.findByRole('checkbox', { name: '公司 Logo' });
  return screen.getByRole('dialog', { name: '附件库' });
}

function png(name: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

describe('附件管理 上传 checks the size in the browser', () => {
  it('a 6 MB image is refused with 上传文件大小不能超过5MB! and never sent; a small one is sent', async () => {
    await openLibrary();
    const user = userEvent.setup();
    const input = screen.getByTestId('attachment-upload-input');

    await user.upload(input, png('海报.png', 6 * MB));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ severity: 'error', summary: '上传文件大小不能超过5MB!' }),
      ),
    );
    expect(sent.filter((path) => path.startsWith('/api/tool/'))).toEqual([]);

    // A file within the limit still goes (what the mock makes of jsdom's bytes is not the point).
    await user.upload(input, png('小图.png', 2048));
    await waitFor(() =>
      expect(sent.filter((path) => path.startsWith('/api/tool/'))).toEqual([
        '/api/tool/uploadimg/',
      ]),
    );
  });
});

describe('a network attachment takes only an http(s) address', () => {
  it('javascript:alert(1) gets the Chinese message in the dialog and nothing is sent', async () => {
    const library = await openLibrary();
    const user = userEvent.setup();
    await user.click(within(library).getByRole('button', { name: '网络附件' }));
    const form = await screen.findByRole('dialog', { name: '添加网络附件' });
    await user.type(within(form).getByLabelText(/附件名称/), '脚本');
    await user.type(within(form).getByLabelText(/附件地址/), HOSTILE_ADDRESS);
    await user.click(within(form).getByRole('button', { name: '确定' }));
    expect(await within(form).findByText(ADDRESS_REFUSED)).toBeInTheDocument();
    expect(sent).not.toContain('/api/attachment/add');
  });

  it('the mock backend refuses it on add and on edit; an https address and a site path are kept', async () => {
    const refused = await call('POST', '/api/attachment/add', {
      token,
      body: { att_title: '脚本', att_url: HOSTILE_ADDRESS, att_storage: 5 },
    });
    expect(refused).toMatchObject({ status: 201, msg: ADDRESS_REFUSED });
    for (const address of ['data:text/html,<script>alert(1)</script>', '//evil.example/x.png'])
      expect(
        await call('POST', '/api/attachment/add', {
          token,
          body: { att_title: '脚本', att_url: address },
        }),
      ).toMatchObject({ status: 201, msg: ADDRESS_REFUSED });

    const added = await call<{ att_id: number }>('POST', '/api/attachment/add', {
      token,
      body: { att_title: '横幅', att_url: 'https://img.example.com/banner.png', att_storage: 5 },
    });
    expect(added.status).toBe(200);
    expect(
      await call('POST', '/api/attachment/edit', {
        token,
        body: { att_id: added.data.att_id, att_url: HOSTILE_ADDRESS },
      }),
    ).toMatchObject({ status: 201, msg: ADDRESS_REFUSED });
    expect(
      await call('POST', '/api/attachment/add', {
        token,
        body: { att_title: '手册副本', att_url: '/storage/file/handbook.pdf', att_storage: 5 },
      }),
    ).toMatchObject({ status: 200 });
  });
});
