import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DynamicForm, type FieldDefinition } from '@/components/form';
import { formatTime } from '@/lib/format';
import { ApiError, type Envelope } from '@/lib/request';
import { renderWithProviders, createTestQueryClient, preloadLazyControls } from './render';

// The form's lazily loaded controls are there, as on a list that fetched them ahead.
beforeAll(preloadLazyControls);

const requestMock = vi.hoisted(() => vi.fn());
vi.mock('@/lib/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/request')>()),
  request: requestMock,
}));

/** As the real mutator: a successful envelope resolves, any other status throws ApiError. */
function answer(envelope: Envelope): Envelope {
  if (envelope.status === 200 || envelope.status === 1) return envelope;
  throw new ApiError(envelope.msg, envelope, envelope.status);
}

const DEPARTMENTS = [
  {
    label: '总部',
    value: 1,
    children: [
      { label: '研发部', value: 11 },
      { label: '市场部', value: 12 },
    ],
  },
];

beforeEach(() => {
  requestMock.mockReset();
  requestMock.mockImplementation(
    async (config: { url: string; data?: { parentCode?: string } }) => {
      if (config.url === '/api/dictionary/getkeyval') {
        if (config.data?.parentCode === 'Dep' || config.data?.parentCode === 'DepAuth') {
          return answer({ status: 200, msg: '操作成功', data: DEPARTMENTS });
        }
        return answer({
          status: 200,
          msg: '操作成功',
          data: [
            { label: '男', value: 1 },
            { label: '女', value: 2 },
          ],
        });
      }
      if (config.url === '/api/adminuser/getkeyval') {
        return answer({ status: 200, msg: '操作成功', data: [{ label: '张三', value: 7 }] });
      }
      return answer({ status: 404, msg: '404，接口不存在！' });
    },
  );
});
afterEach(() => vi.restoreAllMocks());

function setup(fields: FieldDefinition[], record?: Record<string, unknown>) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  const view = renderWithProviders(
    <DynamicForm fields={fields} record={record} onSubmit={onSubmit} />,
  );
  const submit = () => user.click(screen.getByRole('button', { name: '提交' }));
  const submitted = async () => {
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    return onSubmit.mock.calls.at(-1)?.[0] as Record<string, unknown>;
  };
  return { ...view, onSubmit, user, submit, submitted };
}

const colours: FieldDefinition['optionData'] = [
  { label: '红色', value: 'red' },
  { label: '蓝色', value: 'blue' },
];

describe('choice controls: required hint 必选项！', () => {
  it('select: placeholder 请选择, 必选项！ when empty, the chosen value is submitted', async () => {
    const { submit, submitted, user } = setup([
      {
        cf_name: '颜色',
        cf_fieldname: 'colour',
        cf_control: 'select',
        cf_validate: 'require',
        optionData: colours,
      },
    ]);
    const placeholder = screen.getByText('请选择', { selector: '.p-dropdown-label' });
    await submit();
    expect(await screen.findByText('必选项！')).toBeInTheDocument();
    await user.click(placeholder);
    await user.click(await screen.findByRole('option', { name: '蓝色', hidden: true }));
    await waitFor(() => expect(screen.queryByText('必选项！')).not.toBeInTheDocument());
    await submit();
    expect(await submitted()).toEqual({ colour: 'blue' });
  });

  it('radio: 必选项！ when empty, then the picked option', async () => {
    const { submit, submitted, user } = setup([
      {
        cf_name: '颜色',
        cf_fieldname: 'colour',
        cf_control: 'radio',
        cf_validate: 'require',
        optionData: colours,
      },
    ]);
    await submit();
    expect(await screen.findByText('必选项！')).toBeInTheDocument();
    await user.click(screen.getByLabelText('红色'));
    await submit();
    expect(await submitted()).toEqual({ colour: 'red' });
  });

  it('checkbox: 必选项！ when none is checked; the checked values as a list', async () => {
    const { submit, submitted, user } = setup([
      {
        cf_name: '颜色',
        cf_fieldname: 'colour',
        cf_control: 'checkbox',
        cf_validate: 'require',
        optionData: colours,
      },
    ]);
    await submit();
    expect(await screen.findByText('必选项！')).toBeInTheDocument();
    await user.click(screen.getByLabelText('红色'));
    await user.click(screen.getByLabelText('蓝色'));
    await user.click(screen.getByLabelText('红色'));
    await submit();
    expect(await submitted()).toEqual({ colour: ['blue'] });
  });

  it('selectAll: 必选项！ when nothing is chosen; several values otherwise', async () => {
    const { submit, submitted, user } = setup([
      {
        cf_name: '颜色',
        cf_fieldname: 'colour',
        cf_control: 'selectAll',
        cf_validate: 'require',
        optionData: colours,
      },
    ]);
    await submit();
    expect(await screen.findByText('必选项！')).toBeInTheDocument();
    await user.click(screen.getByText('请选择'));
    await user.click(await screen.findByRole('option', { name: '红色', hidden: true }));
    await user.click(await screen.findByRole('option', { name: '蓝色', hidden: true }));
    await submit();
    expect(await submitted()).toEqual({ colour: ['red', 'blue'] });
  });

  // Every choice control, required and left empty, says 必选项！ — the tree selects too; the
  // text controls ask by name.
  it.each([
    ['select', '必选项！'],
    ['selectAll', '必选项！'],
    ['radio', '必选项！'],
    ['checkbox', '必选项！'],
    ['SelectTree', '必选项！'],
    ['Department', '必选项！'],
    ['DepartmentAuth', '必选项！'],
    ['city', '必选项！'],
    ['input', '请输入选项'],
    ['textarea', '请输入选项'],
    ['password', '请输入选项'],
  ] as const)('required %s left empty: %s', async (control, message) => {
    const { submit, onSubmit } = setup([
      {
        cf_name: '选项',
        cf_fieldname: 'pick',
        cf_control: control,
        cf_validate: 'require',
        optionData: control === 'SelectTree' ? DEPARTMENTS : colours,
      },
    ]);
    await submit();
    const shown = await screen.findByRole('alert');
    expect(shown).toHaveTextContent(message);
    expect(screen.queryByText('请选择选项')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a required Switch is never empty: off submits 2 without a message', async () => {
    const { submit, submitted } = setup([
      { cf_name: '启用', cf_fieldname: 'on', cf_control: 'Switch', cf_validate: 'require' },
    ]);
    await submit();
    expect(await submitted()).toEqual({ on: 2 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('option sources', () => {
  it('DICTIONARY: POST /api/dictionary/getkeyval once, then served from the cache', async () => {
    const client = createTestQueryClient();
    const field: FieldDefinition = {
      cf_name: '性别',
      cf_fieldname: 'sex',
      cf_control: 'radio',
      cf_sourcetype: 'DICTIONARY',
      cf_dictionary: 'SEX',
    };
    const first = renderWithProviders(<DynamicForm fields={[field]} onSubmit={vi.fn()} />, client);
    expect(await screen.findByLabelText('女')).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<DynamicForm fields={[field]} onSubmit={vi.fn()} />, client);
    expect(await screen.findByLabelText('女')).toBeInTheDocument();
    expect(requestMock).toHaveBeenCalledTimes(1);
    expect(requestMock).toHaveBeenCalledWith(
      expect.objectContaining({
        url: '/api/dictionary/getkeyval',
        method: 'POST',
        data: { parentCode: 'SEX', isAll: false },
      }),
      undefined,
    );
  });

  it('API: GET /api/{cf_method}/getkeyval, its label/value pairs as options', async () => {
    setup([
      {
        cf_name: '负责人',
        cf_fieldname: 'owner',
        cf_control: 'radio',
        cf_sourcetype: 'API',
        cf_method: 'adminuser',
      },
    ]);
    expect(await screen.findByLabelText('张三')).toBeInTheDocument();
    expect(requestMock).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/api/adminuser/getkeyval', method: 'GET' }),
      undefined,
    );
  });
});

describe('InputNumber', () => {
  it('asks for a required number and submits a typed number', async () => {
    const { submit, submitted, user } = setup([
      { cf_name: '数量', cf_fieldname: 'qty', cf_control: 'InputNumber', cf_validate: 'require' },
    ]);
    await submit();
    expect(await screen.findByText('请输入数量')).toBeInTheDocument();
    await user.type(screen.getByLabelText('数量'), '12.5');
    await user.tab();
    await submit();
    expect(await submitted()).toEqual({ qty: 12.5 });
  });

  it('clamps a typed value to the bounds on blur, and parameData overrides them', async () => {
    const { user, submit, submitted } = setup([
      {
        cf_name: '数量',
        cf_fieldname: 'qty',
        cf_control: 'InputNumber',
        parameData: { min: 5, max: 10, precision: 0 },
      },
    ]);
    const input = screen.getByLabelText('数量');
    await user.type(input, '50');
    await user.tab();
    expect(input).toHaveValue('10');
    await submit();
    expect(await submitted()).toEqual({ qty: 10 });
  });
});

describe('Switch and Slider', () => {
  it('Switch is 2 when off and 1 when on', async () => {
    const { user, submit, submitted, onSubmit } = setup([
      { cf_name: '启用', cf_fieldname: 'enabled', cf_control: 'Switch' },
    ]);
    await submit();
    expect(await submitted()).toEqual({ enabled: 2 });
    await user.click(screen.getByRole('switch', { name: '启用' }));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toEqual({ enabled: 1 });
  });

  it('Switch shows a record value of 1 as on', async () => {
    setup([{ cf_name: '启用', cf_fieldname: 'enabled', cf_control: 'Switch' }], { enabled: 1 });
    expect(screen.getByRole('switch', { name: '启用' })).toBeChecked();
  });

  it('Slider moves by its step with the keyboard', async () => {
    const { submit, submitted } = setup([
      {
        cf_name: '进度',
        cf_fieldname: 'progress',
        cf_control: 'Slider',
        parameData: { min: 0, max: 100, step: 10 },
      },
    ]);
    const handle = screen.getByRole('slider');
    fireEvent.keyDown(handle, { key: 'ArrowRight', code: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight', code: 'ArrowRight' });
    expect(screen.getByText('20')).toBeInTheDocument();
    await submit();
    expect(await submitted()).toEqual({ progress: 20 });
  });
});

describe('tree controls', () => {
  const tree: FieldDefinition = {
    cf_name: '所属部门',
    cf_fieldname: 'dept',
    cf_control: 'SelectTree',
    cf_validate: 'require',
    optionData: DEPARTMENTS,
  };

  it('SelectTree refuses a node that has children: 存在下级不能选择', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, submit, submitted } = setup([tree]);
    expect(screen.getByText('检索关键字')).toBeInTheDocument();
    await user.click(screen.getByText('检索关键字'));
    // jsdom has no layout, so PrimeReact leaves its overlay panels display:none: queries by
    // text still reach them. The filter matches label text and opens the branch of the match.
    await user.type(screen.getByPlaceholderText('检索关键字'), '研发');
    expect(await screen.findByText('研发部')).toBeInTheDocument();
    // The filter re-renders the panel after typing: wait for it rather than catch it half-way.
    await waitFor(() => expect(screen.queryByText('市场部')).not.toBeInTheDocument());
    await user.click(screen.getByText('总部'));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('存在下级不能选择'));
    expect(await screen.findByRole('status')).toHaveTextContent('存在下级不能选择');
    // The refused click closes the panel; reopened, it shows the branch the user had open.
    await user.click(screen.getByText('检索关键字', { selector: 'div' }));
    const parent = (await screen.findByText('总部')).closest('[role="treeitem"]') as HTMLElement;
    expect(parent).toHaveAttribute('aria-expanded', 'true');
    await user.click(await screen.findByText('研发部'));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    await submit();
    expect(await submitted()).toEqual({ dept: 11 });
  });

  it('an opened branch stays open when the form renders again (e.g. another list loads)', async () => {
    const fields = [tree];
    const { user, rerender } = setup(fields);
    await user.click(screen.getByText('检索关键字'));
    const parent = (await screen.findByText('总部')).closest('[role="treeitem"]') as HTMLElement;
    await user.click(parent.querySelector('button') as HTMLButtonElement);
    expect(await screen.findByText('研发部')).toBeInTheDocument();
    rerender(<DynamicForm fields={fields} onSubmit={vi.fn()} />);
    expect(screen.getByText('研发部')).toBeInTheDocument();
    expect(screen.getByText('市场部')).toBeInTheDocument();
  });

  it('SelectTree with checkStrictly accepts a parent; required hint 必选项！', async () => {
    const { user, submit, submitted } = setup([{ ...tree, parameData: { checkStrictly: true } }]);
    await submit();
    expect(await screen.findByText('必选项！')).toBeInTheDocument();
    await user.click(screen.getByText('检索关键字'));
    await user.click(await screen.findByText('总部'));
    await submit();
    expect(await submitted()).toEqual({ dept: 1 });
  });

  // The department controls are the same tree select: a parent (总部 has 研发部 and 市场部)
  // is refused unless the parent-check option is on.
  it.each(['Department', 'DepartmentAuth'] as const)(
    '%s refuses a department that has sub-departments: 存在下级不能选择',
    async (control) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { user, submit, submitted } = setup([
        { cf_name: '部门', cf_fieldname: 'dep', cf_control: control, cf_validate: 'require' },
      ]);
      await user.click(screen.getByText('请选择'));
      await user.click(await screen.findByText('总部'));
      expect(warn).toHaveBeenCalledWith('存在下级不能选择');
      expect(screen.getByRole('status')).toHaveTextContent('存在下级不能选择');
      await submit();
      expect(await screen.findByText('必选项！')).toBeInTheDocument();

      await user.click(screen.getByText('请选择', { selector: 'div' }));
      const parent = (await screen.findByText('总部')).closest('[role="treeitem"]') as HTMLElement;
      await user.click(parent.querySelector('button') as HTMLButtonElement);
      await user.click(await screen.findByText('市场部'));
      await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
      await submit();
      expect(await submitted()).toEqual({ dep: 12 });
    },
  );

  it('Department with the parent-check option accepts a parent department', async () => {
    const { user, submit, submitted } = setup([
      {
        cf_name: '上级部门',
        cf_fieldname: 'pid',
        cf_control: 'Department',
        parameData: { checkStrictly: true },
      },
    ]);
    await user.click(screen.getByText('请选择'));
    await user.click(await screen.findByText('总部'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await submit();
    expect(await submitted()).toEqual({ pid: 1 });
  });

  it('Department reads the dictionary Dep; DepartmentAuth reads DepAuth', async () => {
    const { user } = setup([
      { cf_name: '部门', cf_fieldname: 'dep', cf_control: 'Department' },
      { cf_name: '授权部门', cf_fieldname: 'depAuth', cf_control: 'DepartmentAuth' },
    ]);
    await waitFor(() => expect(requestMock).toHaveBeenCalledTimes(2));
    const codes = requestMock.mock.calls.map(
      (call) => (call[0] as { data: { parentCode: string } }).data.parentCode,
    );
    expect(codes.sort()).toEqual(['Dep', 'DepAuth']);
    await user.click(screen.getAllByText('请选择')[0]!);
    expect(await screen.findByText('总部')).toBeInTheDocument();
  });

  it('city reads POST /api/district/gettree and picks [province, city]', async () => {
    requestMock.mockImplementation(async (config: { url: string }) =>
      answer(
        config.url === '/api/district/gettree'
          ? {
              status: 200,
              msg: '操作成功',
              data: [
                {
                  label: '海南省',
                  value: '460000',
                  children: [{ label: '三亚市', value: '460200' }],
                },
              ],
            }
          : { status: 404, msg: '404，接口不存在！' },
      ),
    );
    const { user, submit, submitted } = setup([
      { cf_name: '城市', cf_fieldname: 'city', cf_control: 'city' },
    ]);
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(
        expect.objectContaining({ url: '/api/district/gettree', method: 'POST' }),
        undefined,
      ),
    );
    await user.click(screen.getByText('请选择'));
    await user.type(screen.getByPlaceholderText('检索关键字'), '三亚');
    await user.click(await screen.findByText('三亚市'));
    expect(await screen.findByText('海南省 / 三亚市')).toBeInTheDocument();
    expect(screen.queryByText('广东省')).not.toBeInTheDocument();
    await submit();
    expect(await submitted()).toEqual({ city: ['460000', '460200'] });
  });

  it('city says so when the tree does not load, and offers no options', async () => {
    requestMock.mockImplementation(async () => answer({ status: 500, msg: '服务器错误' }));
    const { user } = setup([{ cf_name: '城市', cf_fieldname: 'city', cf_control: 'city' }]);
    expect(await screen.findByText('选项加载失败')).toBeInTheDocument();
    await user.click(screen.getByText('请选择'));
    expect(await screen.findByText('暂无选项')).toBeInTheDocument();
    expect(screen.queryByText('广东省')).not.toBeInTheDocument();
  });
});

describe('dates', () => {
  it('DatePicker stores YYYY-MM-DD; DateTimePicker YYYY-MM-DD HH:mm; TimePicker HH:mm', async () => {
    const { submit, submitted } = setup(
      [
        { cf_name: '日期', cf_fieldname: 'day', cf_control: 'DatePicker' },
        { cf_name: '时间', cf_fieldname: 'at', cf_control: 'DateTimePicker' },
        { cf_name: '时刻', cf_fieldname: 'clock', cf_control: 'TimePicker' },
      ],
      { day: '2024-05-01', at: 1714552200, clock: '09:15' },
    );
    expect(screen.getByLabelText('日期')).toHaveValue('2024-05-01');
    expect(screen.getByLabelText('时间')).toHaveValue(formatTime(1714552200));
    expect(screen.getByLabelText('时刻')).toHaveValue('09:15');
    // Untouched values go back as the record had them.
    await submit();
    expect(await submitted()).toEqual({ day: '2024-05-01', at: 1714552200, clock: '09:15' });
  });

  it('TimePicker moves minutes in 15-minute steps', async () => {
    const { user } = setup([{ cf_name: '时刻', cf_fieldname: 'clock', cf_control: 'TimePicker' }], {
      clock: '09:00',
    });
    await user.click(screen.getByLabelText('时刻'));
    const up = await screen.findByRole('button', { name: '下一分钟', hidden: true });
    fireEvent.mouseDown(up);
    fireEvent.mouseUp(up);
    await waitFor(() => expect(screen.getByLabelText('时刻')).toHaveValue('09:15'));
  });

  it('a required date asks to pick: 请选择日期', async () => {
    const { submit } = setup([
      { cf_name: '日期', cf_fieldname: 'day', cf_control: 'DatePicker', cf_validate: 'require' },
    ]);
    await submit();
    expect(await screen.findByText('请选择日期')).toBeInTheDocument();
  });
});

describe('deferred controls and error focus', () => {
  it('the editor control is loaded lazily (its loading hint shows first)', () => {
    setup([{ cf_name: '正文', cf_fieldname: 'body', cf_control: 'editor' }]);
    expect(screen.getByText('编辑器加载中…')).toBeInTheDocument();
  });

  it.each(['UploadImg', 'UploadFileArr', 'UploadAttachment', 'UploadAttachmentFileArr'] as const)(
    'a required %s left without a file says 请上传附件; an optional one does not',
    async (control) => {
      const { submit } = setup([
        { cf_name: '附件', cf_fieldname: 'file', cf_control: control, cf_validate: 'require' },
        { cf_name: '备注', cf_fieldname: 'note', cf_control: control },
      ]);
      await submit();
      expect(await screen.findByText('请上传附件')).toBeInTheDocument();
      expect(screen.queryByText('请上传备注')).not.toBeInTheDocument();
    },
  );

  it('scrolls the first invalid field into view and focuses it', async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    scroll.mockClear();
    const { submit, container } = setup([
      { cf_name: '备注', cf_fieldname: 'note', cf_control: 'input' },
      { cf_name: '标题', cf_fieldname: 'title', cf_control: 'input', cf_validate: 'require' },
      { cf_name: '内容', cf_fieldname: 'body', cf_control: 'textarea', cf_validate: 'require' },
    ]);
    await submit();
    await screen.findByText('请输入标题');
    expect(screen.getByText('请输入内容')).toBeInTheDocument();
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(
      container.ownerDocument.querySelector('[data-field="title"]'),
    );
    expect(screen.getByLabelText('标题')).toHaveFocus();
  });
});
