/** Routes of the members' screens (spec section 2). */
export const MEMBER_PATHS = {
  list: '/business/user/list',
  add: '/business/user/add',
  edit: '/business/user/edit',
} as const;
