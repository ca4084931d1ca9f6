/** A small hand-written module registration: deterministic data for the engine's semantics. */
import { GENERIC_CAPABILITIES } from '@/mocks/engine-registry';
import type { MockModuleRegistration } from '@/mocks/types';

export const bookModule: MockModuleRegistration = {
  key: 'book',
  group: 'mockbook',
  primaryKey: 'id',
  statusField: 'status',
  createTimeField: 'create_time',
  ownerField: 'username',
  capabilities: GENERIC_CAPABILITIES,
  keywordFields: ['title', 'author'],
  filterFields: ['category', 'status'],
  requiredFields: [
    { field: 'title', label: '书名' },
    { field: 'category', label: '分类' },
  ],
  exportColumns: [
    ['id', '编号'],
    ['title', '书名'],
    ['author', '作者'],
    ['category', '分类'],
    ['status', '状态'],
  ],
  writeOnlyFields: ['secret'],
  seed: [
    {
      id: 1,
      title: '红楼梦',
      author: '曹雪芹',
      category: 1,
      status: 1,
      username: 'admin',
      secret: 'x',
      create_time: 1700000001,
    },
    {
      id: 2,
      title: '西游记',
      author: '吴承恩',
      category: 1,
      status: 2,
      username: 'zhangwei',
      secret: 'x',
      create_time: 1700000002,
    },
    {
      id: 3,
      title: '三国演义',
      author: '罗贯中',
      category: 1,
      status: 1,
      username: 'admin',
      secret: 'x',
      create_time: 1700000003,
    },
    {
      id: 4,
      title: '水浒传',
      author: '施耐庵',
      category: 1,
      status: 1,
      username: 'lina',
      secret: 'x',
      create_time: 1700000004,
    },
    {
      id: 5,
      title: '围城',
      author: '钱锺书',
      category: 2,
      status: 1,
      username: 'admin',
      secret: 'x',
      create_time: 1700000005,
    },
  ],
};

/** The same module without a recycle bin: delete removes. */
export const plainModule: MockModuleRegistration = {
  ...bookModule,
  key: 'plain',
  group: 'mockplain',
  capabilities: ['list', 'info', 'add', 'edit', 'delete'],
};
