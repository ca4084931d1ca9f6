/**
 * Password change rules (spec section 5), with the spec's messages in natural Chinese.
 * Each field reports its first broken rule in the spec's order: required, length 8 to 20,
 * then the pattern (new password: digit + upper + lower + one of ` ~ ! # @ * & ., the pattern
 * itself allowing 8 to 50 characters) or equality with the new password (confirmation).
 */
import * as yup from 'yup';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_PATTERN } from '@/core/password';
import { shell } from '@/locale/shell';
import { isRecord } from '@/core/guards';

const m = shell.password;

export const passwordSchema = yup.object({
  oldPwd: yup.string().required(m.oldPwdRequired),
  newPwd: yup
    .string()
    .required(m.newPwdRequired)
    .min(PASSWORD_MIN, m.length)
    .max(PASSWORD_MAX, m.length)
    .matches(PASSWORD_PATTERN, m.pattern),
  // Equality is a test of its own, after required and length: yup's oneOf() is checked before
  // every other rule, so an empty or short confirmation would be reported as a mismatch.
  newPwdTwo: yup
    .string()
    .required(m.confirmRequired)
    .min(PASSWORD_MIN, m.length)
    .max(PASSWORD_MAX, m.length)
    .test(
      'same',
      m.mismatch,
      (value, context) => isRecord(context.parent) && value === context.parent.newPwd,
    ),
});

export type PasswordForm = yup.InferType<typeof passwordSchema>;
