/**
 * The attachment library dialog over the mock backend (msw/node): categories and files load,
 * a click toggles the visible check, the limit is refused with its message, 删除 and 使用选中
 * follow the selection, delete asks and cancelling says so, use-selected hands back the values.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from 'primereact/confirmdialog';
import AttachmentLibraryDialog from '@/components/attachment-library/attachment-library-dialog';
import { onNotify, type NotifyMessage } from '@/lib/notify';
import { setAccessRoutes } from '@/lib/permissions';
import { clearSession, setPrilist, startSession } from '@/lib/session';
import { renderWithProviders } from '../form/render';
import { signIn, withMockServer } from '../mocks/harness';

withMockServer();

let toasts: NotifyMessage[] = [];
let stop: () => void = () => undefined;
beforeEach(async () => {
  toasts = [];
  stop = onNotify((message) => toasts.push(message));
  const token = await signIn();
  startSession({
    token,
    userinfo: { username: 'admin', nickname: '超级管理员', avatar: '' },
    prilist:
      'ATTACHMENT_ADD,ATTACHMENT_EDIT,ATTACHMENT_DELETE,ATTACHMENTCATE_ADD,ATTACHMENTCATE_EDIT,ATTACHMENTCATE_DELETE,TOOL_UPLOAD',
  } as Parameters<typeof startSession>[0]);
  // The screen's route permits the module's actions (what the menu gives the super admin).
  setAccessRoutes({ '/system/attachment': ['add', 'edit', 'delete'] });
});
afterEach(() => {
  stop();
  clearSession();
  setAccessRoutes(undefined);
});

function open(limit: number, kind: 'image' | 'file' = 'image') {
  const onSelect = vi.fn();
  const onHide = vi.fn();
  renderWithProviders(
    <>
      <AttachmentLibraryDialog
        visible
        kind={kind}
        limit={limit}
        onSelect={onSelect}
        onHide={onHide}
      />
      <ConfirmDialog />
    </>,
  );
  return { onSelect, onHide };
}

const dialog = () => screen.getByRole('dialog', { name: '附件库' });

/** The spec's delete confirmation (section 8), wherever PrimeReact puts it. */
async function findConfirm(): Promise<HTMLElement> {
  const message = await screen.findByText('此操作将永久删除该文件，是否继续？');
  return message.closest<HTMLElement>('.p-confirm-dialog') ?? document.body;
}

describe('attachment library dialog', () => {
  it('shows the category tree under 一级分类 and the images of the library', async () => {
    open(9);
    const library = await screen.findByRole('dialog', { name: '附件库' });
    expect(await within(library).findByRole('checkbox', { name: '公司 Logo' })).toBeInTheDocument();
    expect(within(library).getByText('一级分类')).toBeInTheDocument();
    expect(within(library).getByText('新闻配图')).toBeInTheDocument();
    // Only images in an image library.
    expect(within(library).queryByRole('checkbox', { name: '员工手册 2025 版' })).toBeNull();
    expect(within(library).getByText('共 4 条')).toBeInTheDocument();
    // A second-level category offers no add-child action; a first-level one does.
    expect(
      within(library).getByRole('button', { name: '添加子分类 图片素材' }),
    ).toBeInTheDocument();
    expect(within(library).queryByRole('button', { name: '添加子分类 新闻配图' })).toBeNull();
  });

  it('toggles the check, refuses past the limit and hands the selection back', async () => {
    const { onSelect, onHide } = open(2);
    const user = userEvent.setup();
    const logo = await screen.findByRole('checkbox', { name: '公司 Logo' });
    const use = within(dialog()).getByRole('button', { name: '使用选中' });
    expect(use).toBeDisabled();
    expect(within(dialog()).getByRole('button', { name: '删除' })).toBeDisabled();

    await user.click(logo);
    expect(logo).toHaveAttribute('aria-checked', 'true');
    await user.click(logo);
    expect(logo).toHaveAttribute('aria-checked', 'false');

    await user.click(logo);
    await user.click(screen.getByRole('checkbox', { name: '新品发布会现场' }));
    await user.click(screen.getByRole('checkbox', { name: '城市夜景素材' }));
    expect(toasts).toContainEqual(expect.objectContaining({ summary: '最多只能选择2张图片' }));
    expect(screen.getByRole('checkbox', { name: '城市夜景素材' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    await user.click(within(dialog()).getByRole('button', { name: '使用选中（2）' }));
    expect(onSelect).toHaveBeenCalledWith([
      { att_id: 1, att_title: '公司 Logo', att_url: '/storage/logo.png' },
      { att_id: 2, att_title: '新品发布会现场', att_url: '/storage/image/20251101/launch.jpg' },
    ]);
    expect(onHide).toHaveBeenCalled();
  });

  it('delete asks first; cancelling says deletion was cancelled and keeps the file', async () => {
    open(9);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: '公司 Logo' }));
    await user.click(within(dialog()).getByRole('button', { name: '删除（1）' }));
    const confirm = await findConfirm();
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ summary: '已取消删除' })),
    );
    expect(screen.getByRole('checkbox', { name: '公司 Logo' })).toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: '删除（1）' }));
    await user.click(within(await findConfirm()).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: '公司 Logo' })).not.toBeInTheDocument(),
    );
    expect(toasts).toContainEqual(expect.objectContaining({ summary: '删除成功' }));
    expect(within(dialog()).getByRole('button', { name: '删除' })).toBeDisabled();
  });

  it('the category dialog requires parent and name; 添加分类 in add mode', async () => {
    open(9);
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: '公司 Logo' });
    await user.click(within(dialog()).getByRole('button', { name: '新增分类' }));
    const empty = await screen.findByRole('dialog', { name: '添加分类' });
    await user.click(within(empty).getByRole('button', { name: '确定' }));
    expect(await within(empty).findByText('请选择上级分类')).toBeInTheDocument();
    expect(within(empty).getByText('请输入分类名称')).toBeInTheDocument();
    await user.click(within(empty).getByRole('button', { name: '取消' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '添加分类' })).not.toBeInTheDocument(),
    );

    // From a first-level category's add-child action the parent is already chosen.
    await user.click(within(dialog()).getByRole('button', { name: '添加子分类 图片素材' }));
    const form = await screen.findByRole('dialog', { name: '添加分类' });
    await user.click(within(form).getByRole('button', { name: '确定' }));
    expect(await within(form).findByText('请输入分类名称')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/分类名称/), '活动照片');
    await user.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '添加分类' })).not.toBeInTheDocument(),
    );
    expect(await within(dialog()).findByText('活动照片')).toBeInTheDocument();
  });

  it('新增分类 offers the root and the first-level categories as parents, never a second-level one', async () => {
    open(9);
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: '公司 Logo' });
    await user.click(within(dialog()).getByRole('button', { name: '新增分类' }));
    const form = await screen.findByRole('dialog', { name: '添加分类' });
    await user.click(form.querySelector<HTMLElement>('.p-treeselect')!);
    const panel = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.attachment-form__tree-panel');
      expect(found).not.toBeNull();
      return found!;
    });
    // The panel is still fading in (jsdom runs no transition): hidden to role queries.
    const items = await within(panel).findAllByRole('treeitem', { hidden: true });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      '一级分类',
      '图片素材',
      '文档资料',
      '视频资料',
    ]);
  });

  it('without the keys there is no 网络附件, 删除, 上传 or category button', async () => {
    setPrilist('');
    open(9);
    await screen.findByRole('checkbox', { name: '公司 Logo' });
    for (const name of [
      '网络附件',
      '删除',
      '上传',
      '新增分类',
      /添加子分类/,
      /编辑分类/,
      /删除分类/,
    ])
      expect(within(dialog()).queryByRole('button', { name }), String(name)).toBeNull();
    expect(within(dialog()).getByRole('button', { name: '使用选中' })).toBeInTheDocument();
  });

  it('the network attachment dialog says both required messages', async () => {
    open(9);
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: '公司 Logo' });
    await user.click(within(dialog()).getByRole('button', { name: '网络附件' }));
    const form = await screen.findByRole('dialog', { name: '添加网络附件' });
    await user.click(within(form).getByRole('button', { name: '确定' }));
    expect(await within(form).findByText('请输入附件名称')).toBeInTheDocument();
    expect(within(form).getByText('请输入附件地址')).toBeInTheDocument();
  });

  it('a network address as long as the contract allows (2000 characters) is kept whole', async () => {
    open(9);
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: '公司 Logo' });
    await user.click(within(dialog()).getByRole('button', { name: '网络附件' }));
    const form = await screen.findByRole('dialog', { name: '添加网络附件' });
    const address = `https://cdn.example.com/${'a'.repeat(1960)}.png`;
    const input = within(form).getByLabelText(/附件地址/);
    await user.click(input);
    await user.paste(address);
    expect(input).toHaveValue(address);
  });
});
