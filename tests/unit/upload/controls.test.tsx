/**
 * The upload and attachment controls inside a DynamicForm: what is shown for a saved value,
 * what a new file or a library choice does to the value, and the messages of section 5 with
 * the configured numbers (IMAGECONFIG read through getgroupdata). FilePond and the attachment
 * library dialog are stood in for (jsdom cannot run FilePond; the dialog is its own work).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DynamicForm, type FieldDefinition } from '@/components/form';
import type { AttachmentValue } from '@/core/attachment';
import { ApiError, type Envelope } from '@/lib/request';
import { onNotify, type NotifyMessage } from '@/lib/notify';
import { setPrilist } from '@/lib/session';
import { renderWithProviders } from '../form/render';

vi.mock('@/components/upload/pond', () => import('./pond-stand-in'));

const chosen = vi.hoisted(() => ({ items: [] as AttachmentValue[], limits: [] as number[] }));
vi.mock('@/components/attachment-library/attachment-library-dialog', () => ({
  default: (props: {
    visible: boolean;
    limit: number;
    onSelect: (items: AttachmentValue[]) => void;
  }) => {
    if (!props.visible) return null;
    chosen.limits.push(props.limit);
    return (
      <div role="dialog" aria-label="附件库">
        <button type="button" onClick={() => props.onSelect(chosen.items)}>
          使用选中
        </button>
      </div>
    );
  },
}));

const requestMock = vi.hoisted(() => vi.fn());
vi.mock('@/lib/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/request')>()),
  request: requestMock,
}));

function answer(envelope: Envelope): Envelope {
  if (envelope.status === 200) return envelope;
  throw new ApiError(envelope.msg, envelope, envelope.status);
}

const item = (id: number, title = `图${id}.png`): AttachmentValue => ({
  att_id: id,
  att_title: title,
  att_url: `/storage/mock/${id}`,
});

const png = (name: string) => new File([new Uint8Array(64)], name, { type: 'image/png' });

const toasts: NotifyMessage[] = [];
let stopToasts: () => void = () => undefined;
afterEach(() => stopToasts());
beforeEach(() => {
  // The upload calls' key (the server refuses an upload without it).
  setPrilist('TOOL_UPLOAD');
  toasts.length = 0;
  stopToasts = onNotify((m) => toasts.push(m));
  chosen.items = [];
  chosen.limits = [];
  requestMock.mockReset();
  requestMock.mockImplementation(async (config: { url: string; data?: { code?: string } }) => {
    if (config.url === '/api/group/getgroupdata' && config.data?.code === 'IMAGECONFIG')
      return answer({
        status: 200,
        msg: '操作成功',
        data: { fileSize: 2, fileType: 'png,jpg', fileLimit: 3 },
      });
    return answer({ status: 200, msg: '操作成功', data: {} });
  });
});

function renderForm(fields: FieldDefinition[], record?: Record<string, unknown>) {
  const onSubmit = vi.fn();
  renderWithProviders(<DynamicForm fields={fields} record={record} onSubmit={onSubmit} />);
  return onSubmit;
}

const submitted = async (onSubmit: ReturnType<typeof vi.fn>) => {
  await userEvent.click(screen.getByRole('button', { name: '提交' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  return onSubmit.mock.calls.at(-1)![0] as Record<string, unknown>;
};

describe('UploadImgArr with IMAGECONFIG {2 MB, png/jpg, 3 files}', () => {
  const fields: FieldDefinition[] = [
    { cf_name: '相册', cf_fieldname: 'album', cf_control: 'UploadImgArr' },
  ];

  it('shows a saved value again and adds uploads to it', async () => {
    const onSubmit = renderForm(fields, { album: JSON.stringify([item(1)]) });
    expect(await screen.findByRole('img', { name: '图1.png' })).toHaveAttribute(
      'src',
      '/storage/mock/1',
    );
    await screen.findByText('支持 png/jpg 格式，单个文件不超过2MB，最多3个');
    await userEvent.upload(screen.getByLabelText('相册'), [png('新图.png')]);
    expect(await screen.findByRole('img', { name: '新图.png' })).toBeInTheDocument();
    const values = await submitted(onSubmit);
    const album = JSON.parse(values.album as string) as AttachmentValue[];
    expect(album.map((each) => each.att_title)).toEqual(['图1.png', '新图.png']);
  });

  it('refuses the wrong type, a too large file and a fourth file with the configured numbers', async () => {
    renderForm(fields, { album: JSON.stringify([item(1), item(2), item(3)]) });
    await screen.findByText('支持 png/jpg 格式，单个文件不超过2MB，最多3个');
    const input = screen.getByLabelText('相册');
    const user = userEvent.setup({ applyAccept: false });
    const said = () => toasts.map((m) => m.summary);
    await user.upload(input, new File(['x'], '动图.gif'));
    await waitFor(() => expect(said()).toEqual(['超出文件数量限制，单次上传限制：3个文件']));

    await userEvent.click(screen.getByRole('button', { name: '删除 图3.png' }));
    await user.upload(input, new File(['x'], '动图.gif'));
    await user.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], '大图.png'));
    await waitFor(() =>
      expect(said()).toEqual([
        '超出文件数量限制，单次上传限制：3个文件',
        '文件格式不正确，请上传png/jpg格式!',
        '上传文件大小不能超过2MB!',
      ]),
    );
    // Said once, as a 4-second toast (spec section 8): never again under the field.
    expect(toasts.every((m) => m.life === 4000)).toBe(true);
    for (const message of said()) expect(screen.queryAllByText(message)).toHaveLength(0);
  });
});

describe('UploadImg (one file)', () => {
  it('replaces the old image with the new one', async () => {
    const onSubmit = renderForm(
      [{ cf_name: '封面', cf_fieldname: 'cover', cf_control: 'UploadImg' }],
      { cover: JSON.stringify([item(1, '旧封面.png')]) },
    );
    await screen.findByRole('img', { name: '旧封面.png' });
    await userEvent.upload(screen.getByLabelText('封面'), png('新封面.png'));
    await screen.findByRole('img', { name: '新封面.png' });
    expect(screen.queryByRole('img', { name: '旧封面.png' })).toBeNull();
    const values = await submitted(onSubmit);
    expect(
      (JSON.parse(values.cover as string) as AttachmentValue[]).map((each) => each.att_title),
    ).toEqual(['新封面.png']);
  });
});

describe('without the upload key', () => {
  it('shows the saved image and 暂无上传权限 instead of an uploader', async () => {
    setPrilist('');
    renderForm([{ cf_name: '封面', cf_fieldname: 'cover', cf_control: 'UploadImg' }], {
      cover: JSON.stringify([item(1, '旧封面.png')]),
    });
    await screen.findByRole('img', { name: '旧封面.png' });
    expect(screen.getByText('暂无上传权限')).toBeInTheDocument();
    expect(screen.queryByLabelText('封面')).toBeNull();
  });
});

describe('attachment-library controls', () => {
  it('UploadAttachmentArr appends the chosen images and offers the picker’s room', async () => {
    const onSubmit = renderForm(
      [{ cf_name: '图集', cf_fieldname: 'gallery', cf_control: 'UploadAttachmentArr' }],
      { gallery: JSON.stringify([item(1)]) },
    );
    chosen.items = [item(5), item(6)];
    await userEvent.click(await screen.findByRole('button', { name: '从附件库选择图片' }));
    await userEvent.click(
      await within(await screen.findByRole('dialog', { name: '附件库' })).findByRole('button', {
        name: '使用选中',
      }),
    );
    await screen.findByRole('img', { name: '图6.png' });
    expect(chosen.limits).toEqual([98]);
    const values = await submitted(onSubmit);
    expect(
      (JSON.parse(values.gallery as string) as AttachmentValue[]).map((each) => each.att_id),
    ).toEqual([1, 5, 6]);
  });

  it('UploadAttachmentFile keeps only the newest choice and lists it by name', async () => {
    const onSubmit = renderForm(
      [{ cf_name: '合同', cf_fieldname: 'contract', cf_control: 'UploadAttachmentFile' }],
      { contract: JSON.stringify([item(1, '旧合同.pdf')]) },
    );
    expect(await screen.findByRole('link', { name: '旧合同.pdf' })).toHaveAttribute(
      'href',
      '/storage/mock/1',
    );
    chosen.items = [item(7, '新合同.pdf')];
    await userEvent.click(screen.getByRole('button', { name: '从附件库选择文件' }));
    await userEvent.click(await screen.findByRole('button', { name: '使用选中' }));
    await screen.findByRole('link', { name: '新合同.pdf' });
    expect(chosen.limits).toEqual([1]);
    const values = await submitted(onSubmit);
    expect(JSON.parse(values.contract as string)).toEqual([item(7, '新合同.pdf')]);
  });
});
