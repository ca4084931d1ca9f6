/**
 * The login form's rules as plain functions (the page loads no form library): required
 * username, password and captcha, username and captcha trimmed.
 */
import { auth } from '@/locale/auth';

export const LOGIN_FIELDS = ['username', 'password', 'captcha'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];
export type LoginValues = Record<LoginField, string>;
export type LoginErrors = Partial<Record<LoginField, string>>;

export const EMPTY_LOGIN: LoginValues = { username: '', password: '', captcha: '' };

const REQUIRED: Record<LoginField, string> = {
  username: auth.usernameRequired,
  password: auth.passwordRequired,
  captcha: auth.captchaRequired,
};

/** What is sent: the username and the captcha without surrounding spaces. */
export function cleanLogin(values: LoginValues): LoginValues {
  return { ...values, username: values.username.trim(), captcha: values.captcha.trim() };
}

/** The message of every field left empty, in the form's order. */
export function validateLogin(values: LoginValues): LoginErrors {
  const clean = cleanLogin(values);
  const errors: LoginErrors = {};
  for (const field of LOGIN_FIELDS) if (!clean[field]) errors[field] = REQUIRED[field];
  return errors;
}
