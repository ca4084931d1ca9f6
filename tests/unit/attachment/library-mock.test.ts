// @vitest-environment node
/**
 * The mock backend behind the attachment library: the category tree (two levels, a child under a
 * child refused with a clear message), the attachment list's filters and paging, and the network
 * attachment's required fields — as an API client sees them.
 */
import { describe, expect, it } from 'vitest';
import { call, signIn, withMockServer } from '../mocks/harness';

withMockServer();

interface Category {
  ac_id: number;
  ac_parent: number;
  ac_title: string;
  children: Category[];
}
interface Row {
  att_id: number;
  att_title: string;
  type: number;
  attachment_cate_id: number;
}
interface Page {
  data: Row[];
  allcount: number;
  pageindex: number;
  pagesize: number;
}

const list = (token: string, query: Record<string, string | number>) =>
  call<Page>('GET', '/api/attachment/list', { token, query });

describe('attachment categories', () => {
  it('answers the tree: first-level categories with their children', async () => {
    const token = await signIn();
    const tree = await call<Category[]>('GET', '/api/attachmentcate/list', { token });
    expect(tree.status).toBe(200);
    expect(tree.data.map((root) => root.ac_title)).toEqual(['图片素材', '文档资料', '视频资料']);
    expect(tree.data[0]?.children.map((child) => child.ac_title)).toEqual(['新闻配图', '轮播广告']);
  });

  it('adds under the root and under a first-level category', async () => {
    const token = await signIn();
    const top = await call<{ ac_id: number }>('POST', '/api/attachmentcate/add', {
      token,
      body: { ac_id: 0, ac_parent: 0, ac_path: '0', ac_title: '活动照片' },
    });
    expect(top.status).toBe(200);
    const child = await call('POST', '/api/attachmentcate/add', {
      token,
      body: {
        ac_id: 0,
        ac_parent: top.data.ac_id,
        ac_path: `0,${top.data.ac_id}`,
        ac_title: '年会',
      },
    });
    expect(child.status).toBe(200);
    const tree = await call<Category[]>('GET', '/api/attachmentcate/list', { token });
    const added = tree.data.find((root) => root.ac_title === '活动照片');
    expect(added?.children.map((item) => item.ac_title)).toEqual(['年会']);
  });

  it('refuses a child under a child with a clear message, and keeps the tree as it was', async () => {
    const token = await signIn();
    const refused = await call('POST', '/api/attachmentcate/add', {
      token,
      body: { ac_id: 0, ac_parent: 2, ac_path: '0,1,2', ac_title: '第三级' },
    });
    expect(refused).toMatchObject({
      status: 201,
      msg: '只能建立两级分类，二级分类下不能再添加子分类',
    });
    // Moving a category that has children under another category would make three levels too.
    const moved = await call('POST', '/api/attachmentcate/edit', {
      token,
      body: { ac_id: 1, ac_parent: 4, ac_path: '0,4', ac_title: '图片素材' },
    });
    expect(moved).toMatchObject({
      status: 201,
      msg: '只能建立两级分类，二级分类下不能再添加子分类',
    });
    const tree = await call<Category[]>('GET', '/api/attachmentcate/list', { token });
    expect(JSON.stringify(tree.data)).not.toContain('第三级');
  });

  it('says which field is missing', async () => {
    const token = await signIn();
    const noName = await call('POST', '/api/attachmentcate/add', {
      token,
      body: { ac_id: 0, ac_parent: 0, ac_title: '' },
    });
    expect(noName).toMatchObject({ status: 201, msg: '请输入分类名称' });
  });
});

describe('attachment list', () => {
  it('pages by 18 by default and by the asked size', async () => {
    const token = await signIn();
    for (let index = 0; index < 20; index += 1) {
      await call('POST', '/api/attachment/add', {
        token,
        body: { att_title: `素材${index}`, att_url: `https://img.example.com/${index}.png` },
      });
    }
    const first = await list(token, { pageindex: 1 });
    expect(first.data).toMatchObject({ allcount: 28, pageindex: 1, pagesize: 18 });
    expect(first.data.data).toHaveLength(18);
    const second = await list(token, { pageindex: 2, pagesize: 25 });
    expect(second.data.data).toHaveLength(3);
  });

  it('filters by category, keyword and type (2 image, 3 video, anything else a file)', async () => {
    const token = await signIn();
    const inCategory = await list(token, { cate_id: 5 });
    expect(inCategory.data.data.map((row) => row.att_title).sort()).toEqual(
      ['员工手册 2025 版', '财务报销制度'].sort(),
    );
    const all = await list(token, { cate_id: 0 });
    expect(all.data.allcount).toBe(8);
    const keyword = await list(token, { keyword: '宣传' });
    expect(keyword.data.data.map((row) => row.att_title)).toEqual(['企业宣传片']);
    const images = await list(token, { type: 2 });
    expect(images.data.data.every((row) => row.type === 2)).toBe(true);
    expect(images.data.allcount).toBe(4);
    const videos = await list(token, { type: 3 });
    expect(videos.data.data.map((row) => row.att_title)).toEqual(['企业宣传片']);
    // A file stored with another type code (here 4) is still a file under "other".
    await call('POST', '/api/attachment/add', {
      token,
      body: { att_title: '接口说明', att_url: 'https://docs.example.com/api.txt', type: 4 },
    });
    const others = await list(token, { type: 1 });
    expect(others.data.data.map((row) => row.att_title).sort()).toEqual(
      ['员工手册 2025 版', '财务报销制度', '季度销售数据', '接口说明'].sort(),
    );
  });
});

describe('network attachments', () => {
  it('adds with att_storage 5 into the category; name and address are required', async () => {
    const token = await signIn();
    const added = await call<{ att_id: number; att_url: string }>('POST', '/api/attachment/add', {
      token,
      body: {
        att_title: '合作伙伴 Logo',
        att_url: 'https://img.example.com/partner.png',
        att_storage: 5,
        attachment_cate_id: 2,
      },
    });
    expect(added.status).toBe(200);
    const rows = await list(token, { cate_id: 2, keyword: '合作伙伴' });
    expect(rows.data.data).toEqual([
      expect.objectContaining({ att_title: '合作伙伴 Logo', att_storage: 5, type: 2 }),
    ]);
    expect(
      await call('POST', '/api/attachment/add', { token, body: { att_title: '', att_url: 'x' } }),
    ).toMatchObject({ status: 201 });
  });
});
