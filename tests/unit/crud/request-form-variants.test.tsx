/**
 * An imported source's add and edit forms follow the request bodies (issue 50 items 3–4): the
 * add form of a `oneOf` body (DigitalOcean's single or multiple droplets) has a 提交类型 picker
 * that switches the fields shown, and what it sends is the chosen variant's fields with its
 * discriminator value; the edit form of an update body that differs (realworld's UpdateArticle)
 * shows its own fields and required marks.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CrudForm } from '@/components/crud/crud-form';
import type { ModuleDefinition, ModuleRecord } from '@/components/crud/module-definition';
import type { FieldDefinition } from '@/core/field-definition';
import { clearSession, setPrilist } from '@/lib/session';
import { renderWithProviders } from '../form/render';

const text = (name: string, label: string, required = false): FieldDefinition => ({
  cf_name: label,
  cf_fieldname: name,
  cf_control: 'input',
  ...(required ? { cf_validate: 'require' } : {}),
  cf_ispri: 0,
});
const key: FieldDefinition = { ...text('id', '编号'), cf_ispri: 1 };

function moduleWith(
  forms: Pick<ModuleDefinition, 'addForm' | 'editForm'>,
  record: ModuleRecord = {},
): { module: ModuleDefinition; sent: { add: ModuleRecord[]; edit: ModuleRecord[] } } {
  const sent = { add: [] as ModuleRecord[], edit: [] as ModuleRecord[] };
  const module: ModuleDefinition = {
    key: 'cloud-droplets',
    group: 'cloud-droplets',
    title: '云主机',
    route: '/cloud/droplets',
    primaryKey: 'id',
    permissionKey: 'CLOUD_DROPLETS',
    keepAlive: false,
    capabilities: ['list', 'info', 'add', 'edit'],
    // The record's fields, as the list and the details show them.
    fields: [key, text('name', '名称'), text('region', '区域')],
    ...forms,
    columns: [],
    searchFields: [],
    queryKeys: {},
    api: {
      add: (body) => {
        sent.add.push(body);
        return Promise.resolve({ status: 200, msg: '', data: {} });
      },
      edit: (body) => {
        sent.edit.push(body);
        return Promise.resolve({ status: 200, msg: '', data: {} });
      },
      info: () => Promise.resolve({ status: 200, msg: '', data: record }),
    },
  };
  return { module, sent };
}

beforeEach(() => setPrilist(['CLOUD_DROPLETS_ADD', 'CLOUD_DROPLETS_EDIT']));
afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('a oneOf request body: the variant picker', () => {
  const droplets = () =>
    moduleWith({
      addForm: {
        fields: [
          key,
          text('name', '名称', true),
          text('names', '名称列表', true),
          text('region', '区域', true),
        ],
        variants: [
          {
            label: 'Single Droplet Request',
            fields: ['name', 'region'],
            discriminator: { field: 'kind', value: 'single' },
          },
          {
            label: 'Multiple Droplet Request',
            fields: ['names', 'region'],
            discriminator: { field: 'kind', value: 'multiple' },
          },
        ],
      },
    });

  it('shows the first variant, switches the fields, and sends only the chosen one with its discriminator', async () => {
    const { module, sent } = droplets();
    const user = userEvent.setup();
    renderWithProviders(<CrudForm module={module} mode="add" visible onHide={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '新增 - 云主机' });
    expect(within(dialog).getByText('提交类型')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('名称')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('名称列表')).toBeNull();
    await user.type(within(dialog).getByLabelText('名称'), 'web-1');

    await user.click(
      within(dialog).getByText('Single Droplet Request', { selector: '.p-dropdown-label' }),
    );
    await user.click(
      await screen.findByRole('option', { name: 'Multiple Droplet Request', hidden: true }),
    );
    const names = await within(dialog).findByLabelText('名称列表');
    expect(within(dialog).queryByLabelText('名称')).toBeNull();

    // The chosen variant's own required field is checked.
    await user.type(within(dialog).getByLabelText('区域'), 'nyc3');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('请输入名称列表')).toBeInTheDocument();
    expect(sent.add).toEqual([]);

    await user.type(names, 'web-2');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(sent.add).toHaveLength(1));
    // The name typed under the other variant is not sent.
    expect(sent.add[0]).toEqual({ names: 'web-2', region: 'nyc3', kind: 'multiple' });
  });
});

describe('variants the document names in no way', () => {
  it('are numbered in the picker: 类型 1, 类型 2', async () => {
    const { module } = moduleWith({
      addForm: {
        fields: [key, text('url', '地址'), text('path', '路径')],
        variants: [{ fields: ['url'] }, { fields: ['path'] }],
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CrudForm module={module} mode="add" visible onHide={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '新增 - 云主机' });
    await user.click(within(dialog).getByText('类型 1', { selector: '.p-dropdown-label' }));
    await user.click(await screen.findByRole('option', { name: '类型 2', hidden: true }));
    expect(await within(dialog).findByLabelText('路径')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('地址')).toBeNull();
  });
});

describe('editing a record of a union-typed resource', () => {
  it('the picker starts at the variant whose fields the record has', async () => {
    const variants = [
      { label: 'Single Droplet Request', fields: ['name', 'region'] },
      { label: 'Multiple Droplet Request', fields: ['names', 'region'] },
    ];
    const fields = [key, text('name', '名称'), text('names', '名称列表'), text('region', '区域')];
    const { module } = moduleWith(
      { editForm: { fields, variants } },
      { id: 9, names: 'web-4', region: 'ams3' },
    );
    renderWithProviders(<CrudForm module={module} mode="edit" id={9} visible onHide={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '编辑 - 云主机' });
    const names = await within(dialog).findByLabelText('名称列表');
    await waitFor(() => expect(names).toHaveValue('web-4'));
    expect(
      within(dialog).getByText('Multiple Droplet Request', { selector: '.p-dropdown-label' }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('名称')).toBeNull();
  });
});

describe('add and edit forms from their own bodies', () => {
  const articles = () =>
    moduleWith(
      {
        addForm: { fields: [key, text('name', '名称', true), text('region', '区域', true)] },
        editForm: { fields: [key, text('name', '名称')] },
      },
      { id: 7, name: 'web-1', region: 'nyc3' },
    );

  it('the edit form has the update body’s fields and marks: region is not sent, name not required', async () => {
    const { module, sent } = articles();
    const user = userEvent.setup();
    renderWithProviders(<CrudForm module={module} mode="edit" id={7} visible onHide={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '编辑 - 云主机' });
    const name = await within(dialog).findByLabelText('名称');
    await waitFor(() => expect(name).toHaveValue('web-1'));
    expect(within(dialog).queryByLabelText('区域')).toBeNull();
    expect(within(dialog).queryByText('提交类型')).toBeNull();
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(sent.edit).toHaveLength(1));
    expect(sent.edit[0]).toMatchObject({ id: 7 });
    expect(sent.edit[0]).not.toHaveProperty('region');
  });

  it('the add form has the create body’s fields, required as it says', async () => {
    const { module, sent } = articles();
    const user = userEvent.setup();
    renderWithProviders(<CrudForm module={module} mode="add" visible onHide={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '新增 - 云主机' });
    await user.type(within(dialog).getByLabelText('名称'), 'web-3');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('请输入区域')).toBeInTheDocument();
    expect(sent.add).toEqual([]);
  });
});
