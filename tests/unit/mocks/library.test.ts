// @vitest-environment node
/**
 * Look-ups and the attachment library: dictionaries, tree dictionaries, departments, role
 * menus, configuration groups, categories, attachments, field definitions, option lists and
 * the runtime module `common`.
 */
import { describe, expect, it } from 'vitest';
import { call, signIn, withMockServer } from './harness';

withMockServer();

interface Option {
  label: string;
  value: string | number;
  children?: Option[];
}
const labels = (options: Option[]) => options.map((option) => option.label);

describe('dictionaries', () => {
  it('Dep answers the department tree; isAll includes disabled departments', async () => {
    const token = await signIn();
    const dep = await call<Option[]>('POST', '/api/dictionary/getkeyval', {
      token,
      body: { parentCode: 'Dep', isAll: 0 },
    });
    expect(labels(dep.data)).toEqual(['总公司']);
    expect(labels(dep.data[0]?.children ?? [])).toEqual([
      '研发中心',
      '市场部',
      '财务部',
      '人力资源部',
    ]);
    const market = dep.data[0]?.children?.[1];
    expect(labels(market?.children ?? [])).toEqual(['销售一部']);
    const all = await call<Option[]>('POST', '/api/dictionary/getkeyval', {
      token,
      body: { parentCode: 'Dep', isAll: 1 },
    });
    expect(labels(all.data[0]?.children?.[1]?.children ?? [])).toEqual(['销售一部', '销售二部']);
  });

  it('DepAuth answers the departments the signed-in user may see', async () => {
    const admin = await call<Option[]>('POST', '/api/dictionary/getkeyval', {
      token: await signIn(),
      body: { parentCode: 'DepAuth' },
    });
    expect(labels(admin.data)).toEqual(['总公司']);
    // zhangwei belongs to department 2 (研发中心)
    const member = await call<Option[]>('POST', '/api/dictionary/getkeyval', {
      token: await signIn('zhangwei'),
      body: { parentCode: 'DepAuth' },
    });
    expect(member.data).toEqual([
      {
        label: '研发中心',
        value: 2,
        children: [
          { label: '前端开发组', value: 6 },
          { label: '后端开发组', value: 7 },
        ],
      },
    ]);
  });

  it('other codes answer their entries; disabled ones only with isAll', async () => {
    const token = await signIn();
    const sex = await call<Option[]>('POST', '/api/dictionary/getkeyval', {
      token,
      body: { parentCode: 'Sex' },
    });
    expect(sex.data).toEqual([
      { label: '男', value: '1' },
      { label: '女', value: '2' },
    ]);
    const all = await call<Option[]>('POST', '/api/dictionary/getkeyval', {
      token,
      body: { parentCode: 'Sex', isAll: true },
    });
    expect(labels(all.data)).toEqual(['男', '女', '保密']);
    const parents = await call<Option[]>('POST', '/api/dictionary/getparentdickeyVal', { token });
    expect(labels(parents.data)).toEqual([
      '部门',
      '数据权限范围',
      '公告类型',
      '性别',
      '审核状态',
      '动态类型',
    ]);
    expect(
      (await call('POST', '/api/dictionary/createcash', { token, body: { isCash: 1 } })).status,
    ).toBe(200);
  });

  it('an entry added through the dictionary module shows up in the look-up', async () => {
    const token = await signIn();
    await call('POST', '/api/dictionary/add', {
      token,
      body: { pid: 4, code: 'Sex_other', name: '其他', value: '3', sort: 9, status: 1 },
    });
    const sex = await call<Option[]>('POST', '/api/dictionary/getkeyval', {
      token,
      body: { parentCode: 'Sex' },
    });
    expect(labels(sex.data)).toEqual(['男', '女', '其他']);
  });
});

describe('tree dictionaries', () => {
  it('getkeyval nests, getlistkeyVal flattens, gettopdictkeyVal lists the roots', async () => {
    const token = await signIn();
    const tree = await call<Option[]>('POST', '/api/datadicttree/getkeyval', {
      token,
      body: { topCode: 'Region' },
    });
    expect(tree.data).toEqual([
      {
        label: '广东省',
        value: '440000',
        children: [
          { label: '广州市', value: '440100' },
          { label: '深圳市', value: '440300' },
        ],
      },
      {
        label: '浙江省',
        value: '330000',
        children: [
          { label: '杭州市', value: '330100' },
          { label: '宁波市', value: '330200' },
        ],
      },
    ]);
    const flat = await call<Option[]>('POST', '/api/datadicttree/getlistkeyVal', {
      token,
      body: { topCode: 'Industry' },
    });
    expect(flat.data).toEqual([
      { label: '信息技术', value: 'I' },
      { label: '软件开发', value: 'I65' },
      { label: '信息安全', value: 'I66' },
      { label: '制造业', value: 'C' },
    ]);
    const tops = await call<Option[]>('POST', '/api/datadicttree/gettopdictkeyVal', { token });
    expect(tops.data).toEqual([
      { label: '行政区划', value: 'Region' },
      { label: '行业分类', value: 'Industry' },
    ]);
    expect(
      (await call('POST', '/api/datadicttree/createcash', { token, body: { isCash: 1 } })).status,
    ).toBe(200);
  });
});

describe('departments and menus', () => {
  it('gettreedep nests departments; getdeptreebyuserid limits to the user’s department', async () => {
    const token = await signIn();
    const tree = await call<{ name: string; children?: { name: string }[] }[]>(
      'POST',
      '/api/admindepartment/gettreedep',
      { token },
    );
    expect(tree.data.map((node) => node.name)).toEqual(['总公司']);
    expect(tree.data[0]?.children?.map((node) => node.name)).toEqual([
      '研发中心',
      '市场部',
      '财务部',
      '人力资源部',
    ]);
    const mine = await call<{ name: string }[]>('POST', '/api/admindepartment/getdeptreebyuserid', {
      token: await signIn('lina'),
    });
    expect(mine.data.map((node) => node.name)).toEqual(['市场部']);
    const options = await call<Option[]>('POST', '/api/admindepartment/gettreedepkeyval', {
      token,
    });
    expect(options.data[0]).toMatchObject({ label: '总公司', value: 1 });
  });

  it('job ↔ department links are saved and read back', async () => {
    const token = await signIn();
    expect(
      (await call('POST', '/api/admindepartment/getjobdepid', { token, body: { jobid: 3 } })).data,
    ).toEqual([]);
    await call('POST', '/api/admindepartment/savejobdep', {
      token,
      body: { jobid: 3, deparr: [2, 6] },
    });
    expect(
      (await call('POST', '/api/admindepartment/getjobdepid', { token, body: { jobid: 3 } })).data,
    ).toEqual([2, 6]);
  });

  it('role menus: the tree, the saved ids, and all ids for the super role', async () => {
    const token = await signIn();
    const tree = await call<{ id: number; label: string; type: string; children?: unknown[] }[]>(
      'POST',
      '/api/adminmenu/gettreemenu',
      { token },
    );
    expect(tree.data.length).toBeGreaterThan(0);
    expect(tree.data[0]).toMatchObject({ pid: 0, type: 'menu' });
    await call('POST', '/api/adminmenu/saverolemenu', {
      token,
      body: { roleid: 2, menuarr: [1, 2] },
    });
    expect(
      (
        await call('POST', '/api/adminmenu/getrolemenuid', {
          token,
          body: { roleid: 2, issuper: 0 },
        })
      ).data,
    ).toEqual([1, 2]);
    const all = await call<number[]>('POST', '/api/adminmenu/getrolemenuid', {
      token,
      body: { roleid: 1, issuper: 1 },
    });
    expect(all.data.length).toBeGreaterThan(2);
  });
});

describe('configuration groups', () => {
  it('answers the four configuration codes', async () => {
    const token = await signIn();
    const read = async (code: string) =>
      (await call('POST', '/api/group/getgroupdata', { token, body: { code } })).data;
    expect(await read('SYS_LOGO')).toEqual({ SYS_LOGO: '/storage/logo.png' });
    expect(await read('SYS_TITLE')).toEqual({ SYS_TITLE: '企业信息综合管理平台' });
    expect(await read('IMAGECONFIG')).toEqual({
      fileSize: 5,
      fileType: 'png,jpg,jpeg,gif',
      fileLimit: 9,
    });
    expect(await read('FILECONFIG')).toMatchObject({ fileSize: 20, fileLimit: 9 });
  });

  it('updatesetting changes what getgroupdata answers', async () => {
    const token = await signIn();
    await call('POST', '/api/group/updatesetting', {
      token,
      body: { code: 'SYS_TITLE', data: { SYS_TITLE: '演示后台' } },
    });
    expect(
      (await call('POST', '/api/group/getgroupdata', { token, body: { code: 'SYS_TITLE' } })).data,
    ).toEqual({ SYS_TITLE: '演示后台' });
  });
});

describe('attachment library', () => {
  it('categories: a two-level tree with the spec’s messages', async () => {
    const token = await signIn();
    const tree = await call<{ ac_title: string; children: { ac_title: string }[] }[]>(
      'GET',
      '/api/attachmentcate/list',
      { token, query: { pageindex: 1, pagesize: 10 } },
    );
    expect(
      tree.data.map((node) => [node.ac_title, node.children.map((child) => child.ac_title)]),
    ).toEqual([
      ['图片素材', ['新闻配图', '轮播广告']],
      ['文档资料', ['规章制度']],
      ['视频资料', []],
    ]);
    expect(
      await call('POST', '/api/attachmentcate/add', {
        token,
        body: { ac_id: 0, ac_title: '新分类' },
      }),
    ).toMatchObject({ status: 201, msg: '请选择上级分类' });
    expect(
      await call('POST', '/api/attachmentcate/add', {
        token,
        body: { ac_id: 0, ac_parent: 0, ac_title: '' },
      }),
    ).toMatchObject({ status: 201, msg: '请输入分类名称' });
    expect(
      await call('POST', '/api/attachmentcate/add', {
        token,
        body: { ac_id: 0, ac_parent: 2, ac_title: '三级' },
      }),
    ).toMatchObject({
      status: 201,
      msg: '只能建立两级分类，二级分类下不能再添加子分类',
    });
    expect(
      (
        await call('POST', '/api/attachmentcate/add', {
          token,
          body: { ac_id: 0, ac_parent: 6, ac_title: '宣传片' },
        })
      ).status,
    ).toBe(200);
    expect(
      await call('POST', '/api/attachmentcate/delete', { token, body: { id: 1 } }),
    ).toMatchObject({ status: 201, msg: '该分类下还有子分类，不能删除' });
    expect(
      (await call('POST', '/api/attachmentcate/delete', { token, body: { id: 5 } })).status,
    ).toBe(200);
    const searched = await call<{ ac_title: string; children: { ac_title: string }[] }[]>(
      'GET',
      '/api/attachmentcate/list',
      { token, query: { title: '宣传' } },
    );
    expect(
      searched.data.map((node) => [node.ac_title, node.children.map((child) => child.ac_title)]),
    ).toEqual([['视频资料', ['宣传片']]]);
  });

  it('attachments: add by URL with messages, page of 18 by default, delete a list of ids', async () => {
    const token = await signIn();
    expect(
      await call('POST', '/api/attachment/add', {
        token,
        body: { att_title: '', att_url: 'https://x/y.png' },
      }),
    ).toMatchObject({ status: 201, msg: '请输入附件名称' });
    expect(
      await call('POST', '/api/attachment/add', {
        token,
        body: { att_title: '横幅', att_url: '' },
      }),
    ).toMatchObject({ status: 201, msg: '请输入附件地址' });
    const added = await call<{ att_id: number; att_url: string }>('POST', '/api/attachment/add', {
      token,
      body: {
        att_title: '横幅',
        att_url: 'https://example.com/banner.jpg',
        att_description: '首页横幅',
        attachment_cate_id: 3,
      },
    });
    expect(added.data).toEqual({
      att_id: expect.any(Number),
      att_url: 'https://example.com/banner.jpg',
    });
    const list = await call<{ data: Record<string, unknown>[]; pagesize: number }>(
      'GET',
      '/api/attachment/list',
      { token, query: { cate_id: 3, keyword: '横幅' } },
    );
    expect(list.data.pagesize).toBe(18);
    expect(list.data.data).toEqual([
      expect.objectContaining({
        att_id: added.data.att_id,
        att_storage: 5,
        type: 2,
        att_description: '首页横幅',
      }),
    ]);
    expect(
      (await call('POST', '/api/attachment/delete', { token, body: [added.data.att_id] })).status,
    ).toBe(200);
    const after = await call<{ allcount: number }>('GET', '/api/attachment/list', {
      token,
      query: { cate_id: 3, keyword: '横幅' },
    });
    expect(after.data.allcount).toBe(0);
  });
});

describe('dynamic modules', () => {
  it('field definitions come from the module designer (runtime module common → Deal)', async () => {
    const token = await signIn();
    const fields = await call<Record<string, unknown>[]>('POST', '/api/field/getfieldarrbymodule', {
      token,
      body: { moduleName: 'common', moduleType: 'form' },
    });
    expect(fields.data.map((field) => field.cf_fieldname)).toEqual([
      'id',
      'deal_title',
      'dep_id',
      'urgency',
      'finish_date',
      'handler_id',
      'budget',
      'deal_content',
      'attachments',
    ]);
    expect(fields.data[3]).toMatchObject({
      cf_control: 'radio',
      optionData: [
        { label: '一般', value: 1 },
        { label: '紧急', value: 2 },
        { label: '特急', value: 3 },
      ],
    });
    const unknown = await call('POST', '/api/field/getfieldarrbymodule', {
      token,
      body: { moduleName: 'nothing', moduleType: 'form' },
    });
    expect(unknown.data).toEqual([]);
  });

  it('the runtime module common has its own table with the generic semantics', async () => {
    const token = await signIn();
    const list = await call<{ allcount: number }>('GET', '/api/common/list', { token });
    expect(list.data.allcount).toBe(3);
    const mine = await call<{ data: { deal_title: string }[] }>('GET', '/api/common/mylist', {
      token,
    });
    expect(mine.data.data.map((row) => row.deal_title)).toEqual([
      '新员工入职培训安排',
      '办公用品季度采购',
    ]);
    expect(
      await call('POST', '/api/common/add', { token, body: { deal_title: '会议室改造' } }),
    ).toMatchObject({ status: 201, msg: '请输入办理部门' });
    await call('POST', '/api/common/delete', { token, body: { id: { id: 1 } } });
    expect(
      (await call<{ allcount: number }>('GET', '/api/common/recycle', { token })).data.allcount,
    ).toBe(1);
  });

  it('/api/{method}/getkeyval answers label/value options of that table', async () => {
    const token = await signIn();
    const users = await call<Option[]>('GET', '/api/adminuser/getkeyval', { token });
    expect(users.data).toContainEqual({ label: '超级管理员', value: 1 });
    const roles = await call<Option[]>('GET', '/api/adminrole/getkeyval', { token });
    expect(roles.data.length).toBeGreaterThan(0);
    expect(
      roles.data.every((option) => typeof option.label === 'string' && option.label !== ''),
    ).toBe(true);
  });

  it('a call nobody serves answers the 404 envelope', async () => {
    const token = await signIn();
    const expected = { status: 404, msg: '404，接口不存在！', data: null };
    expect(await call('GET', '/api/nosuchmodule/list', { token })).toEqual(expected);
    expect(await call('POST', '/api/adminnotice/nosuchaction', { token })).toEqual(expected);
  });
});

describe('reporting and districts', () => {
  it('the city control gets enabled provinces with their cities, valued by code', async () => {
    const token = await signIn();
    const tree = await call<Option[]>('POST', '/api/district/gettree', { token });
    const guangdong = tree.data.find((node) => node.label === '广东省');
    expect(guangdong).toMatchObject({ value: '440000' });
    expect(guangdong?.children?.slice(0, 2).map((node) => [node.label, node.value])).toEqual([
      ['广州市', '440100'],
      ['深圳市', '440300'],
    ]);
    // Cities only: no districts (天河区) under them.
    expect(guangdong?.children?.every((city) => city.children === undefined)).toBe(true);
  });

  it('approving a report publishes it; rejecting needs a remark', async () => {
    const token = await signIn();
    expect(
      await call('POST', '/api/informationreportingexamine/examine', {
        token,
        body: { id: 3, status: 3, remark: '' },
      }),
    ).toMatchObject({
      status: 201,
      msg: '驳回时请填写审批意见',
    });
    const before = await call<{ allcount: number }>(
      'GET',
      '/api/informationreportingpublish/list',
      { token },
    );
    expect(
      (
        await call('POST', '/api/informationreportingexamine/examine', {
          token,
          body: { id: 3, status: 2 },
        })
      ).status,
    ).toBe(200);
    const after = await call<{ allcount: number; data: { title: string }[] }>(
      'GET',
      '/api/informationreportingpublish/list',
      { token },
    );
    expect(after.data.allcount).toBe(before.data.allcount + 1);
    expect(after.data.data[0]?.title).toBe('社区志愿服务活动简报');
    const info = await call<Record<string, unknown>>(
      'POST',
      '/api/informationreportingexamine/info',
      { token, body: { id: { id: 3 } } },
    );
    expect(info.data).toMatchObject({ examine_status: 2, examine_user: 'admin' });
  });

  it('statistics count the year’s publications by category and month', async () => {
    const token = await signIn();
    const stats = await call<{
      year: number;
      total: number;
      byMonth: { month: string; count: number }[];
      byCategory: { count: number }[];
    }>('GET', '/api/informationreportingpublish/statistic', { token, query: { year: 2025 } });
    expect(stats.data.year).toBe(2025);
    expect(stats.data.byMonth).toHaveLength(12);
    expect(stats.data.byMonth[0]?.month).toBe('2025-01');
    const monthly = stats.data.byMonth.reduce((sum, month) => sum + month.count, 0);
    const categorised = stats.data.byCategory.reduce((sum, category) => sum + category.count, 0);
    expect(stats.data.total).toBeGreaterThan(0);
    expect(monthly).toBe(stats.data.total);
    expect(categorised).toBe(stats.data.total);
  });
});
