/** Paths outside the main layout (spec section 2). */
export const PUBLIC_PATHS = {
  login: '/login',
  notFound: '/404',
  unauthorized: '/401',
  noPermission: '/no-permission',
} as const;
