/** Routes of the generic deal module (spec section 2). */
export const DEAL_PATHS = {
  list: '/deal/common/list',
  mylist: '/deal/common/mylist',
  add: '/deal/common/add',
  edit: '/deal/common/edit',
} as const;
