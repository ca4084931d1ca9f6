/**
 * Password change rules (spec section 5), with the spec's messages in natural Chinese.
 * Length 8 to 20; the pattern (digit + upper + lower + one of ` ~ ! # @ * & .) itself allows
 * 8 to 50 characters.
 */
import * as yup from 'yup';
import { shell } from '@/locale/shell';

export const PASSWORD_PATTERN =
  /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[`~!#@*&.])[\da-zA-Z`~!#@*&.]{8,50}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

const m = shell.password;

export const passwordSchema = yup.object({
  oldPwd: yup.string().required(m.oldPwdRequired),
  newPwd: yup
    .string()
    .required(m.newPwdRequired)
    .min(PASSWORD_MIN, m.length)
    .max(PASSWORD_MAX, m.length)
    .matches(PASSWORD_PATTERN, m.pattern),
  newPwdTwo: yup
    .string()
    .required(m.confirmRequired)
    .min(PASSWORD_MIN, m.length)
    .max(PASSWORD_MAX, m.length)
    .oneOf([yup.ref('newPwd')], m.mismatch),
});

export type PasswordForm = yup.InferType<typeof passwordSchema>;
