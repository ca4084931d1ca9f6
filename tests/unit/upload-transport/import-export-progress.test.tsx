/**
 * 导入 / 导出 show how far the file has travelled (src/components/crud/import-export): the
 * import the percentage of the file sent, then 正在校验… until the answer — a refused import
 * keeps its report and the chosen file; the export the percentage received when the size is
 * announced, an indeterminate bar otherwise. The test drives a scripted XMLHttpRequest one
 * event at a time and looks at the dialog and the toolbar between the events.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CrudPage } from '@/components/crud';
import { onNotify, type NotifyMessage } from '@/lib/notify';
import { setPrilist } from '@/lib/session';
import { renderWithProviders } from '../form/render';
import { memberModule as module } from '@generated/modules/member';
import { permitAllActions, withMockBackend } from '../crud/mock-backend';
import { ScriptedXhr } from './scripted-xhr';

// The import dialog's FilePond is inert under jsdom: a stand-in applies the same rules.
vi.mock('@/components/upload/pond', () => import('../upload/pond-stand-in'));

// The list comes from the mock backend; 导入 / 导出 travel over the scripted XMLHttpRequest.
withMockBackend();

let toasts: NotifyMessage[] = [];
let stop: () => void = () => undefined;
const createObjectURL = vi.fn((_blob: Blob) => 'blob:x');

beforeEach(() => {
  // Each request waits for the test to play its events.
  ScriptedXhr.reset();
  vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
  toasts = [];
  stop = onNotify((message) => toasts.push(message));
  setPrilist(['MEMBER_IMPORT', 'MEMBER_EXPORT']);
  permitAllActions(module);
  createObjectURL.mockClear();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  stop();
});

async function request(position: number): Promise<ScriptedXhr> {
  await waitFor(() => expect(ScriptedXhr.sent.length).toBeGreaterThan(position));
  const xhr = ScriptedXhr.sent[position];
  if (!xhr) throw new Error(`request ${position} was not sent`);
  return xhr;
}

const refused = {
  status: 201,
  msg: '导入失败：1 行数据有问题，所有数据均未导入',
  data: {
    count: 0,
    problemRows: 1,
    problems: [{ row: 2, field: 'username', label: '会员账号', message: '请输入会员账号' }],
  },
};

describe('导入 with progress', () => {
  it('shows the percent sent, then 正在校验…; a refused import keeps the file and its report', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} />);
    await user.click(await screen.findByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: '导入 - 会员管理' });
    await user.upload(
      await within(dialog).findByLabelText('选择文件'),
      new File([new Uint8Array(200)], '会员.xlsx'),
    );
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));

    const first = await request(0);
    expect([first.method, first.url]).toEqual(['POST', '/api/member/import']);
    const sentFile = first.body instanceof FormData ? first.body.get('importfile') : null;
    expect(sentFile).toBeInstanceOf(File);
    expect(sentFile instanceof File && sentFile.name).toBe('会员.xlsx');
    // Nothing reported yet: no percentage to show.
    expect(await within(dialog).findByText('正在上传…')).toBeInTheDocument();

    act(() => first.sending(50, 200));
    expect(await within(dialog).findByText('正在上传 25%')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: '导入进度' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    act(() => first.sending(200, 200));
    expect(await within(dialog).findByText('正在校验…')).toBeInTheDocument();

    act(() => first.answer(200, refused));
    const report = await within(dialog).findByRole('region', { name: '导入问题' });
    expect(within(report).getByText('第2行')).toBeInTheDocument();
    expect(toasts.map((toast) => toast.summary)).toContain(refused.msg);
    expect(within(dialog).queryByText('正在校验…')).not.toBeInTheDocument();
    // The file stays chosen: 开始导入 sends it again.
    const again = within(dialog).getByRole('button', { name: '开始导入' });
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    const second = await request(1);
    act(() => second.answer(200, { status: 200, msg: '导入成功', data: { count: 1 } }));
    await waitFor(() => expect(toasts.map((toast) => toast.summary)).toContain('导入成功'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('导出 with progress', () => {
  it('shows the percent received when the size is announced, then saves the file', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} />);
    await screen.findByText('lina88');
    await user.type(screen.getByRole('textbox', { name: '请输入关键字' }), 'lina');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await user.click(screen.getByRole('button', { name: '导出当前筛选结果' }));

    const xhr = await request(0);
    expect([xhr.method, xhr.url]).toEqual(['GET', '/api/member/export?keyword=lina']);
    expect(await screen.findByText('正在下载…')).toBeInTheDocument();
    act(() => xhr.receiving(500, 2000));
    expect(await screen.findByText('正在下载 25%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '导出进度' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );

    const file = new Blob(['xlsx'], { type: 'application/vnd.ms-excel' });
    act(() => xhr.answer(200, file, { 'Content-Type': 'application/vnd.ms-excel' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledWith(file));
    await waitFor(() => expect(screen.queryByText(/正在下载/)).not.toBeInTheDocument());
  });

  it('stays indeterminate when the size is not announced', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} />);
    await user.click(await screen.findByRole('button', { name: '导出' }));
    const xhr = await request(0);
    act(() => xhr.receiving(700));
    expect(await screen.findByText('正在下载…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '导出进度' })).not.toHaveAttribute(
      'aria-valuenow',
    );
    act(() => xhr.answer(200, new Blob(['xlsx']), { 'Content-Type': 'application/zip' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
  });
});
