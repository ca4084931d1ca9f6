/**
 * Modules that exist only at runtime (not in the contract's x-admin tags): the generic deal
 * module `common` behind /deal/common, whose fields come from the module designer (module
 * "Deal"). Served by the same engine with its own seeded table.
 */
import { runtimeRegistration } from './engine-registry';
import type { MockModuleRegistration } from './types';

const commonModule: MockModuleRegistration = {
  ...runtimeRegistration('common'),
  key: 'common',
  fieldsModule: 'deal',
  keywordFields: ['deal_title', 'deal_content'],
  filterFields: ['urgency', 'dep_id', 'status'],
  requiredFields: [
    { field: 'deal_title', label: '事项名称' },
    { field: 'dep_id', label: '办理部门' },
    { field: 'urgency', label: '紧急程度' },
  ],
  exportColumns: [
    ['id', 'ID'],
    ['deal_title', '事项名称'],
    ['dep_id', '办理部门'],
    ['urgency', '紧急程度'],
    ['finish_date', '办结日期'],
    ['budget', '预算金额'],
    ['username', '提交人'],
    ['create_time', '创建时间'],
  ],
  seed: [
    {
      id: 1,
      deal_title: '办公用品季度采购',
      dep_id: 4,
      urgency: 1,
      finish_date: '2025-12-31',
      handler_id: 2,
      budget: 3200.5,
      deal_content: '<p>采购打印纸、签字笔等常用办公用品。</p>',
      attachments: '[]',
      username: 'admin',
      status: 1,
      create_time: 1763000000,
    },
    {
      id: 2,
      deal_title: '服务器机房空调检修',
      dep_id: 2,
      urgency: 3,
      finish_date: '2025-11-30',
      handler_id: 5,
      budget: 8600,
      deal_content: '<p>机房空调制冷异常，需尽快检修。</p>',
      attachments: '[]',
      username: 'zhangwei',
      status: 1,
      create_time: 1763200000,
    },
    {
      id: 3,
      deal_title: '新员工入职培训安排',
      dep_id: 5,
      urgency: 2,
      finish_date: '2025-12-15',
      handler_id: 4,
      budget: 1500,
      deal_content: '<p>组织 12 月批次新员工入职培训。</p>',
      attachments: '[]',
      username: 'admin',
      status: 2,
      create_time: 1763400000,
    },
  ],
};

export const runtimeModules: MockModuleRegistration[] = [commonModule];
