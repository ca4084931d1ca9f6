import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CrudPage, validateImportFiles } from '@/components/crud';
import { onNotify, type NotifyMessage } from '@/lib/notify';
import { setPrilist } from '@/lib/session';
import { renderWithProviders } from '../form/render';
import { ScriptedXhr } from '../upload-transport/scripted-xhr';
import { memberModule as module } from '@generated/modules/member';
import { permitAllActions, withMockBackend } from './mock-backend';

// The import dialog's FilePond is inert under jsdom: a stand-in applies the same rules.
vi.mock('@/components/upload/pond', () => import('../upload/pond-stand-in'));

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('validateImportFiles (xls/xlsx, 5 MB, one file)', () => {
  it.each([
    { name: 'xlsx', given: [file('名单.xlsx')], want: null },
    { name: 'XLS upper case', given: [file('名单.XLS')], want: null },
    { name: 'csv', given: [file('名单.csv')], want: '文件格式不正确，请上传xls/xlsx格式!' },
    {
      name: 'over 5 MB',
      given: [file('名单.xlsx', 5 * 1024 * 1024 + 1)],
      want: '上传文件大小不能超过5MB!',
    },
    { name: 'exactly 5 MB', given: [file('名单.xlsx', 5 * 1024 * 1024)], want: null },
    {
      name: 'two files',
      given: [file('a.xlsx'), file('b.xlsx')],
      want: '超出文件数量限制，单次上传限制：1个文件',
    },
    { name: 'none', given: [], want: '请选择要导入的文件' },
  ])('$name → $want', ({ given, want }) => {
    expect(validateImportFiles(given)).toBe(want);
  });
});

describe('ImportExport on 会员管理 (the list from the mock backend)', () => {
  withMockBackend();
  let toasts: NotifyMessage[] = [];
  const createObjectURL = vi.fn((_object: Blob | MediaSource) => 'blob:x');
  let stop: () => void = () => undefined;
  beforeEach(() => {
    // 导入 / 导出 go through the progress transport (XMLHttpRequest) to /api/{group}/…
    ScriptedXhr.reset((xhr) =>
      xhr.url.includes('/export')
        ? xhr.answer(200, new Blob(['export']), { 'Content-Type': 'application/zip' })
        : xhr.answer(200, { status: 200, msg: '操作成功' }),
    );
    vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
    toasts = [];
    stop = onNotify((m) => toasts.push(m));
    setPrilist(['MEMBER_IMPORT', 'MEMBER_EXPORT']);
    permitAllActions(module);
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    stop();
  });

  it('refuses a wrong file type with the spec message, then imports an xlsx', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<CrudPage module={module} />);
    await user.click(await screen.findByRole('button', { name: '导入' }));
    const input = await screen.findByLabelText('选择文件');
    await user.upload(input, file('名单.txt'));
    expect(await screen.findByText('文件格式不正确，请上传xls/xlsx格式!')).toBeInTheDocument();
    expect(toasts).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        summary: '文件格式不正确，请上传xls/xlsx格式!',
      }),
    );
    await user.upload(input, file('名单.xlsx'));
    await user.click(screen.getByRole('button', { name: '开始导入' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ summary: '导入成功' })),
    );
    expect(ScriptedXhr.sent.map((xhr) => [xhr.method, xhr.url])).toEqual([
      ['POST', '/api/member/import'],
    ]);
    const sent = ScriptedXhr.sent[0]?.body;
    expect(sent instanceof FormData && sent.get('importfile')).toBeInstanceOf(File);
  });

  it('exports the current search in the order of the list, and says so', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderWithProviders(<CrudPage module={module} />);
    await screen.findByText('lina88');
    // No search: 导出 is everything.
    expect(screen.getByRole('button', { name: '导出' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: '请输入关键字' }), 'lina');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    // Ordered by 积分: the file comes in the same order (the export declares sortfield/sortorder).
    await user.click(await screen.findByRole('columnheader', { name: '积分' }));
    await user.click(await screen.findByRole('button', { name: '导出当前筛选结果' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(ScriptedXhr.sent.map((xhr) => [xhr.method, xhr.url])).toEqual([
      ['GET', '/api/member/export?sortfield=points&sortorder=asc&keyword=lina'],
    ]);
    expect(saved).toEqual(['会员管理（筛选结果）.xlsx']);
    click.mockRestore();
  });

  it('shows no 新增 without MEMBER_ADD, but still 导入/导出', async () => {
    renderWithProviders(<CrudPage module={module} />);
    await screen.findByText('lina88');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导入' })).toBeInTheDocument();
  });
});
