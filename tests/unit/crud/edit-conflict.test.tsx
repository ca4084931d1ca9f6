/**
 * No silent overwrite, on the real mock handlers and the generated 岗位管理 module: a record
 * changed by someone else after the form loaded it is not written over until the user chooses —
 * 继续编辑 writes nothing, 查看对方的版本 shows their record in the form, 覆盖保存 writes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CrudForm } from '@/components/crud/crud-form';
import { clearSession, startSession } from '@/lib/session';
import { jobModule } from '@generated/modules/job';
import type { UserAuth } from '@generated/api/model/userAuth';
import { call, signIn, withMockServer } from '../mocks/harness';
import { renderWithProviders } from '../form/render';

withMockServer();

interface Job {
  job_name: string;
  sort: number;
}

let token = '';

/** The app's own origin (jsdom's): the mock answers only calls to its own backend. */
const own = (path: string) => new URL(path, window.location.href).href;

beforeEach(async () => {
  token = await signIn();
  const auth = await call<UserAuth>('POST', own('/api/getuserauth'), { token, body: {} });
  startSession({
    token,
    userinfo: { username: 'admin', nickname: '超级管理员', avatar: '' },
    prilist: auth.data.prilist,
  });
});
afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

const stored = async () =>
  (await call<Job>('POST', own('/api/adminjob/info'), { token, body: { id: { id: 2 } } })).data;

/** The form on 技术总监 (id 2) while another administrator renames it. */
async function editWhileRenamed() {
  const user = userEvent.setup();
  renderWithProviders(<CrudForm module={jobModule} mode="edit" id={2} visible onHide={vi.fn()} />);
  const dialog = await screen.findByRole('dialog', { name: '编辑 - 岗位管理' });
  const name = await within(dialog).findByLabelText('岗位名称');
  await waitFor(() => expect(name).toHaveValue('技术总监'));
  // Another administrator saves the record with a new name.
  const theirs = await call<Record<string, unknown>>('POST', own('/api/adminjob/info'), {
    token,
    body: { id: { id: 2 } },
  });
  const { create_time: _created, ...record } = theirs.data;
  const renamed = await call('POST', own('/api/adminjob/edit'), {
    token,
    body: { ...record, job_name: '首席技术官' },
  });
  expect(renamed).toMatchObject({ status: 200 });
  const sort = within(dialog).getByLabelText('排序');
  await user.clear(sort);
  await user.type(sort, '9');
  await user.click(within(dialog).getByRole('button', { name: '提交' }));
  const question = await screen.findByRole('dialog', { name: '该记录已被他人修改' });
  return { user, dialog, question };
}

describe('saving a record someone else changed meanwhile', () => {
  it('asks first, shows what changed, and writes nothing on 继续编辑', async () => {
    const { user, dialog, question } = await editWhileRenamed();
    const row = within(question).getByRole('row', { name: /岗位名称/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['技术总监', '首席技术官', '技术总监']);
    expect(await stored()).toMatchObject({ job_name: '首席技术官', sort: 2 });
    await user.click(within(question).getByRole('button', { name: '继续编辑' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '该记录已被他人修改' })).toBeNull(),
    );
    expect(within(dialog).getByLabelText('排序')).toHaveValue('9');
    expect(await stored()).toMatchObject({ job_name: '首席技术官', sort: 2 });
  });

  it('查看对方的版本 shows their record in the form, and nothing is written', async () => {
    const { user, question } = await editWhileRenamed();
    await user.click(within(question).getByRole('button', { name: '查看对方的版本' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑 - 岗位管理' });
    await waitFor(() =>
      expect(within(dialog).getByLabelText('岗位名称')).toHaveValue('首席技术官'),
    );
    expect(await stored()).toMatchObject({ job_name: '首席技术官', sort: 2 });
  });

  it('覆盖保存 writes the values as the user has them', async () => {
    const { user, question } = await editWhileRenamed();
    await user.click(within(question).getByRole('button', { name: '覆盖保存' }));
    await waitFor(async () =>
      expect(await stored()).toMatchObject({ job_name: '技术总监', sort: 9 }),
    );
  });

  it('saves without a question when nobody else changed it', async () => {
    const user = userEvent.setup();
    const onHide = vi.fn();
    renderWithProviders(<CrudForm module={jobModule} mode="edit" id={2} visible onHide={onHide} />);
    const dialog = await screen.findByRole('dialog', { name: '编辑 - 岗位管理' });
    const sort = await within(dialog).findByLabelText('排序');
    await waitFor(() => expect(sort).toHaveValue('2'));
    await user.clear(sort);
    await user.type(sort, '7');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(screen.queryByRole('dialog', { name: '该记录已被他人修改' })).toBeNull();
    expect(await stored()).toMatchObject({ job_name: '技术总监', sort: 7 });
  });
});
