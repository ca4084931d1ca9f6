// @vitest-environment node
/** Parse and model errors: each names what to fix and where. */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildModules,
  ContractError,
  generate,
  lintContract,
  loadContract,
  ModelError,
} from '../../generator';
import { copyFixture } from './helpers';

let dir: string;
const contract = () => path.join(dir, 'openapi');
const fragment = (name: string) => path.join(contract(), 'paths', name);

async function edit(name: string, change: (text: string) => string): Promise<void> {
  await writeFile(fragment(name), change(await readFile(fragment(name), 'utf8')));
}

/** 1-based line of the first line of a contract file containing `needle`. */
async function lineOf(file: string, needle: string): Promise<number> {
  const lines = (await readFile(path.join(contract(), file), 'utf8')).split('\n');
  return lines.findIndex((line) => line.includes(needle)) + 1;
}

beforeEach(async () => {
  dir = await copyFixture('basic');
});

describe('loadContract', () => {
  it('merges root, components and paths in sorted order', async () => {
    const { document, files } = await loadContract(contract());
    expect(files).toEqual([
      'openapi.yaml',
      'components/common.yaml',
      'paths/adminnotice.yaml',
      'paths/tool.yaml',
    ]);
    expect(Object.keys(document.paths)).toContain('/api/tool/uploadimg/');
    expect(document.components.schemas).toHaveProperty('AdminNotice');
  });

  it('fails on a path, tag, component and operationId defined twice, naming both files', async () => {
    await cp(fragment('adminnotice.yaml'), fragment('copy.yaml'));
    const error = await loadContract(contract()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    const message = (error as ContractError).message;
    expect(message).toContain(
      'path /api/adminnotice/list is defined in both paths/adminnotice.yaml and paths/copy.yaml',
    );
    expect(message).toContain(
      'tag adminnotice is defined in both paths/adminnotice.yaml and paths/copy.yaml',
    );
    expect(message).toContain(
      'components.schemas.AdminNotice is defined in both paths/adminnotice.yaml and paths/copy.yaml',
    );
  });

  it('fails on an operationId used twice and on a missing one', async () => {
    await edit('tool.yaml', (text) =>
      text.replace('operationId: toolUploadimg', 'operationId: adminnoticeList'),
    );
    await edit('adminnotice.yaml', (text) =>
      text.replace('operationId: adminnoticeInfo', 'description: no id'),
    );
    const message = await loadContract(contract()).catch((e: Error) => e.message);
    expect(message).toMatch(
      /operationId adminnoticeList is used by both .*paths\/adminnotice\.yaml.*paths\/tool\.yaml/,
    );
    expect(message).toContain(
      'POST /api/adminnotice/info (paths/adminnotice.yaml) has no operationId',
    );
  });

  it('names the file and line of every $ref that leads nowhere, one line each', async () => {
    const envelope = await lineOf('paths/adminnotice.yaml', 'AdminNoticeListEnvelope');
    const upload = await lineOf('paths/tool.yaml', "'#/components/schemas/EmptyEnvelope'");
    await edit('adminnotice.yaml', (text) =>
      text.replace("'#/components/schemas/AdminNoticeListEnvelope'", "'#/components/schemas/Nope'"),
    );
    await edit('tool.yaml', (text) =>
      text.replace("'#/components/schemas/EmptyEnvelope'", 'common.yaml#/EmptyEnvelope'),
    );
    const error = await loadContract(contract()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).message.split('\n')).toEqual([
      `paths/adminnotice.yaml:${envelope}: $ref '#/components/schemas/Nope' does not resolve: components.schemas has no Nope`,
      `paths/tool.yaml:${upload}: $ref 'common.yaml#/EmptyEnvelope' is not local: the fragments are merged into one document, so every $ref points into it, like '#/components/schemas/Name' (see openapi/README.md)`,
    ]);
  });

  it('locates lint problems of the merged document in the file and line that wrote them', async () => {
    const { document, locate } = await loadContract(contract());
    const problems = await lintContract(document, locate);
    const unused = problems.find((p) => p.pointer === '#/components/schemas/CashBody');
    expect(unused?.location).toBe(
      `components/common.yaml:${await lineOf('components/common.yaml', 'CashBody:')}`,
    );
    expect(locate(['paths', '/api/tool/uploadimg/', 'post', 'operationId'])).toBe(
      `paths/tool.yaml:${await lineOf('paths/tool.yaml', 'operationId: toolUploadimg')}`,
    );
    expect(locate(['tags', 1])).toBe(
      `paths/tool.yaml:${await lineOf('paths/tool.yaml', '- name: tool')}`,
    );
  });
});

describe('buildModules', () => {
  it('rejects a declared capability without a serving operation', async () => {
    await edit('adminnotice.yaml', (text) =>
      text.replace('capabilities: [list,', 'capabilities: [export, list,'),
    );
    const { document } = await loadContract(contract());
    expect(() => buildModules(document)).toThrow(ModelError);
    expect(() => buildModules(document)).toThrow(/capability export is served by 0 operations/);
  });

  it('rejects a capability served twice', async () => {
    await edit('adminnotice.yaml', (text) =>
      text.replace('x-admin: { capability: recycle }', 'x-admin: { capability: list }'),
    );
    const { document } = await loadContract(contract());
    expect(() => buildModules(document)).toThrow(/capability list is served by 2 operations/);
  });

  it('rejects a control outside the spec list, naming the field', async () => {
    await edit('adminnotice.yaml', (text) => text.replace('control: editor', 'control: richtext'));
    const { document } = await loadContract(contract());
    expect(() => buildModules(document)).toThrow(/AdminNotice\.notice_content: control "richtext"/);
  });

  it('rejects seed fields the entity does not have', async () => {
    await edit('adminnotice.yaml', (text) =>
      text.replace('- { id: 1, notice_title', '- { id: 1, noticetitle: x, notice_title'),
    );
    const { document } = await loadContract(contract());
    expect(() => buildModules(document)).toThrow(/seed\[0\] has unknown field\(s\) noticetitle/);
  });
});

/** The problems of the ModelError buildModules throws (none when it does not throw). */
function modelProblems(...args: Parameters<typeof buildModules>): string[] {
  try {
    buildModules(...args);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ModelError);
    return (error as ModelError).problems;
  }
}

describe('contract texts hold no control characters', () => {
  const WHY = 'a contract text is one line without control characters; remove it';

  /** A title, a summary, a label and an option label each with one; a seed text may have one. */
  async function editTexts(): Promise<void> {
    await edit('adminnotice.yaml', (text) =>
      text
        .replace('title: 公告管理', 'title: "公告\\n管理"')
        .replace('summary: 公告列表', 'summary: "公告列表\\r"')
        .replace('label: 公告标题', 'label: "公告\\u2028标题"')
        .replace('{ label: 启用, value: 1 }', '{ label: "启\\t用", value: 1 }')
        .replace('notice_title: 系统升级通知', 'notice_title: "系统升级\\n通知"'),
    );
  }

  it('generate refuses them, one line each naming the file and the very line of the text', async () => {
    await editTexts();
    const file = 'paths/adminnotice.yaml';
    const title = await lineOf(file, 'title: "公告');
    const summary = await lineOf(file, 'summary: "公告列表');
    const label = await lineOf(file, 'label: "公告');
    const option = await lineOf(file, 'label: "启');
    const error = await generate({
      contractDir: contract(),
      outDir: path.join(dir, 'generated'),
      mode: 'check',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message.split('\n')).toEqual([
      'x-admin has 4 problem(s):',
      `  - ${file}:${title}: tag adminnotice: x-admin.title holds a line feed (U+000A): ${WHY}`,
      `  - ${file}:${summary}: tag adminnotice: GET /api/adminnotice/list: summary holds a carriage return (U+000D): ${WHY}`,
      `  - ${file}:${label}: components.schemas.AdminNotice.notice_title: x-admin.label holds a line separator (U+2028): ${WHY}`,
      `  - ${file}:${option}: components.schemas.AdminNotice.status: x-admin.options[0].label holds a tab (U+0009): ${WHY}`,
    ]);
  });

  it("buildModules with the contract's locate names the very line of each text", async () => {
    await editTexts();
    const file = 'paths/adminnotice.yaml';
    const { document, locate } = await loadContract(contract());
    expect(modelProblems(document, locate)).toEqual([
      `${file}:${await lineOf(file, 'title: "公告')}: tag adminnotice: x-admin.title holds a line feed (U+000A): ${WHY}`,
      `${file}:${await lineOf(file, 'summary: "公告列表')}: tag adminnotice: GET /api/adminnotice/list: summary holds a carriage return (U+000D): ${WHY}`,
      `${file}:${await lineOf(file, 'label: "公告')}: components.schemas.AdminNotice.notice_title: x-admin.label holds a line separator (U+2028): ${WHY}`,
      `${file}:${await lineOf(file, 'label: "启')}: components.schemas.AdminNotice.status: x-admin.options[0].label holds a tab (U+0009): ${WHY}`,
    ]);
  });

  it('names NUL, C1 controls, the byte-order mark and bidi overrides too, in keys as well', async () => {
    await edit('adminnotice.yaml', (text) =>
      text
        .replace('placeholder: 请输入公告标题', 'placeholder: "请输入\\0公告标题"')
        .replace('label: 公告内容', 'label: "公告\\u0085内容"')
        .replace('label: 创建时间', 'label: "\\ufeff创建时间"')
        .replace('label: 状态', 'label: "状\\u202e态"')
        .replace('{ label: 禁用, value: 2 }', '{ label: 禁用, value: 2, "no\\x7fte": 1 }'),
    );
    const { document } = await loadContract(contract());
    expect(modelProblems(document)).toEqual([
      `components.schemas.AdminNotice.notice_title: x-admin.placeholder holds a NUL (U+0000): ${WHY}`,
      `components.schemas.AdminNotice.notice_content: x-admin.label holds a control character (U+0085): ${WHY}`,
      `components.schemas.AdminNotice.status: x-admin.label holds a bidirectional-text control (U+202E): ${WHY}`,
      `components.schemas.AdminNotice.status: the key "no\\u007fte" of x-admin.options[1] holds a control character (U+007F): ${WHY}`,
      `components.schemas.AdminNotice.create_time: x-admin.label holds a byte-order mark (U+FEFF): ${WHY}`,
    ]);
  });

  it('refuses an entity name that is not a PascalCase schema name (it names a type)', async () => {
    await edit('adminnotice.yaml', (text) =>
      text.replace('entity: AdminNotice', "entity: 'AdminNotice; run()'"),
    );
    const { document } = await loadContract(contract());
    expect(() => buildModules(document)).toThrow(
      'tag adminnotice: x-admin.entity "AdminNotice; run()" must be a PascalCase schema name like AdminNotice',
    );
  });
});
