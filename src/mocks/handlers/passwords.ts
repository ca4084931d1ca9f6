/**
 * The caller's own password (个人资料 → 修改密码) and an administrator's 重置密码, with the
 * password rules of spec section 5. Apart from ../auth because the change is checked against
 * the contract (../contract), which reads the engine's registry, which reads ../auth: kept in
 * ../auth it closed an import cycle.
 */
import { http } from '../http-wrapper';
import { PASSWORD_MAX, PASSWORD_MIN, passwordRuleBroken } from '@/core/password';
import { textOf } from '@/core/guards';
import { mockMessages } from '@/locale/mock';
import { DEMO_PASSWORD, findUser, sessionUser, USER_TABLE } from '../auth';
import { requestProblem } from '../contract';
import { fail, ok } from '../respond';
import { endSessionsOf } from '../sessions';
import { persist, table } from '../store';
import { idOf, readBody, sameId } from '../util';

/** The first broken rule's message, or undefined when the form is acceptable. */
export function passwordFormError(form: {
  oldPwd?: unknown;
  newPwd?: unknown;
  newPwdTwo?: unknown;
}): string | undefined {
  const oldPwd = typeof form.oldPwd === 'string' ? form.oldPwd : '';
  const newPwd = typeof form.newPwd === 'string' ? form.newPwd : '';
  const newPwdTwo = typeof form.newPwdTwo === 'string' ? form.newPwdTwo : '';
  if (!oldPwd) return mockMessages.oldPwdRequired;
  if (!newPwd) return mockMessages.newPwdRequired;
  const broken = passwordRuleBroken(newPwd);
  if (broken === 'length') return mockMessages.passwordLength;
  if (broken === 'pattern') return mockMessages.passwordPattern;
  if (!newPwdTwo) return mockMessages.confirmRequired;
  if (newPwdTwo.length < PASSWORD_MIN || newPwdTwo.length > PASSWORD_MAX)
    return mockMessages.passwordLength;
  if (newPwd !== newPwdTwo) return mockMessages.passwordMismatch;
  return undefined;
}

export const passwordHandlers = [
  http.post('/api/adminuser/uppassword', async ({ request }) => {
    const me = sessionUser(request);
    if (!me) return fail(401, mockMessages.loginExpired);
    // Checked against the contract from a clone taken now, before the body is read below;
    // the spec's password messages come first.
    const contract = requestProblem(request);
    const body = await readBody(request);
    const problem = passwordFormError(body) ?? (await contract);
    if (problem) return fail(201, problem);
    const user = findUser(String(me.username));
    if (!user || textOf(user.password) !== body.oldPwd) return fail(201, mockMessages.oldPwdWrong);
    user.password = body.newPwd;
    endSessionsOf(user.username);
    persist();
    return ok(null, mockMessages.passwordChanged);
  }),

  http.post('/api/adminuser/resetpassword', async ({ request }) => {
    const id = idOf(await readBody(request));
    const user = table(USER_TABLE).rows.find((row) => sameId(row.id, id));
    if (!user) return fail(201, mockMessages.notFound);
    user.password = DEMO_PASSWORD;
    endSessionsOf(user.username);
    persist();
    return ok(null, mockMessages.passwordReset(DEMO_PASSWORD));
  }),
];
