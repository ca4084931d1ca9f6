/**
 * A module designed in 后台设计 / 字段管理, created quickly through the mock API of a signed-in
 * page (the same calls the designer screens make): the module row, then its fields in order.
 * Journeys that need a runtime module (the generic deal screens) start from here instead of
 * clicking through the designer.
 *
 * @example
 * await signIn(page, 'admin');
 * const module = await createDesignedModule(page);
 * await page.goto(`${baseUrl()}/deal/common/list?module=${module.group}`);
 */
import type { Page } from 'playwright-core';

/** One field as 字段管理 stores it (optionData / parameData as JSON text in cf_options / cf_params). */
export interface DesignedFieldInput {
  cf_name: string;
  cf_fieldname: string;
  cf_control: string;
  cf_placeholder?: string;
  cf_length?: number;
  cf_default?: string;
  cf_validate?: 'require' | 'none';
  cf_sourcetype?: 'STATIC' | 'DICTIONARY' | 'API';
  cf_dictionary?: string;
  cf_method?: string;
  /** optionData, sent as JSON text. */
  options?: { label: string; value: string | number }[];
  /** parameData, sent as JSON text. */
  params?: Record<string, unknown>;
}

export interface DesignedModuleInput {
  module_title: string;
  /** English identifier; lower-cased it is the /api/{module} group and the deal screens' ?module=. */
  module_name: string;
  table_name: string;
  fields: DesignedFieldInput[];
  /** 后台设计's switches (1 on, 2 off); all on unless given. */
  switches?: Partial<Record<'is_recycle' | 'is_import' | 'is_mylist', 1 | 2>>;
}

export interface DesignedModule extends DesignedModuleInput {
  id: number;
  /** module_name lower-cased: `/api/${group}/add`, `/deal/common/list?module=${group}`. */
  group: string;
  /** The permission key of the generic form's submit button (spec section 6). */
  addKey: string;
}

/** The module the journeys use by default: a purchase request with a few kinds of field. */
export const DESIGNED_MODULE: DesignedModuleInput = {
  module_title: '采购申请',
  module_name: 'Purchase',
  table_name: 'cms_purchase',
  fields: [
    {
      cf_name: '申请标题',
      cf_fieldname: 'purchase_title',
      cf_control: 'input',
      cf_placeholder: '请输入申请标题',
      cf_length: 50,
      cf_validate: 'require',
    },
    {
      cf_name: '采购数量',
      cf_fieldname: 'amount',
      cf_control: 'InputNumber',
      cf_validate: 'require',
      params: { min: 1, max: 9999, precision: 0, step: 1 },
    },
    {
      cf_name: '采购类别',
      cf_fieldname: 'category',
      cf_control: 'select',
      cf_validate: 'require',
      cf_sourcetype: 'STATIC',
      options: [
        { label: '办公用品', value: 1 },
        { label: '电子设备', value: 2 },
        { label: '其他', value: 3 },
      ],
    },
    { cf_name: '到货日期', cf_fieldname: 'arrive_date', cf_control: 'DatePicker' },
    {
      cf_name: '申请说明',
      cf_fieldname: 'purchase_remark',
      cf_control: 'textarea',
      cf_length: 200,
    },
  ],
};

interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

/** Calls the mock backend with the page's own session token. */
export async function callApi<T>(
  page: Page,
  path: string,
  body?: unknown,
  method: 'GET' | 'POST' = 'POST',
): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ path, body, method }) => {
      const token = (sessionStorage.getItem('token') ?? '').replace(/^"|"$/g, '');
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'access-token': token },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      });
      return (await response.json()) as Envelope<T>;
    },
    { path, body, method },
  );
}

function fieldBody(moduleId: number, field: DesignedFieldInput, sort: number) {
  const { options, params, ...rest } = field;
  return {
    cf_placeholder: '',
    cf_default: '',
    cf_validate: 'none',
    cf_ispri: 0,
    cf_sourcetype: 'STATIC',
    cf_dictionary: '',
    cf_method: '',
    ...rest,
    module_id: moduleId,
    cf_options: options ? JSON.stringify(options) : '',
    cf_params: params ? JSON.stringify(params) : '',
    cf_islist: 1,
    cf_sort: sort,
  };
}

/**
 * Creates the module and its fields (in the given order) as the signed-in user of `page`;
 * throws with the server's message when a call is refused.
 */
export async function createDesignedModule(
  page: Page,
  input: DesignedModuleInput = DESIGNED_MODULE,
): Promise<DesignedModule> {
  const added = await callApi<{ id?: number } | null>(page, '/api/module/add', {
    module_title: input.module_title,
    module_name: input.module_name,
    table_name: input.table_name,
    module_type: 1,
    is_recycle: 1,
    is_import: 1,
    is_mylist: 1,
    ...input.switches,
    status: 1,
  });
  if (added.status !== 200) throw new Error(`/api/module/add: ${added.msg}`);
  let id = added.data?.id;
  if (typeof id !== 'number') {
    const listed = await callApi<{ data: { id: number; module_name: string }[] }>(
      page,
      `/api/module/list?pageindex=1&pagesize=50&keyword=${encodeURIComponent(input.module_name)}`,
      undefined,
      'GET',
    );
    id = listed.data.data.find((row) => row.module_name === input.module_name)?.id;
  }
  if (typeof id !== 'number') throw new Error(`module ${input.module_name} was not stored`);
  for (const [index, field] of input.fields.entries()) {
    const answer = await callApi(page, '/api/field/add', fieldBody(id, field, index + 1));
    if (answer.status !== 200)
      throw new Error(`/api/field/add ${field.cf_fieldname}: ${answer.msg}`);
  }
  const group = input.module_name.toLowerCase();
  return { ...input, id, group, addKey: `${input.module_name.toUpperCase()}_ADD` };
}
