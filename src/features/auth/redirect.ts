/** The `redirect` query of the login page, when it is a safe in-app path; otherwise '/'. */
export function loginRedirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login'))
    return '/';
  return target;
}
