/**
 * The password rules of spec section 5, one definition for the change-password dialog, every
 * `password` form control and the mock's checks: 8 to 20 characters, with a digit, an upper-case
 * and a lower-case letter and one of ` ~ ! # @ * & . (the pattern itself allows up to 50).
 */
export const PASSWORD_PATTERN =
  /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[`~!#@*&.])[\da-zA-Z`~!#@*&.]{8,50}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

/** Which rule a non-empty password breaks first, if any. */
export function passwordRuleBroken(password: string): 'length' | 'pattern' | undefined {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'length';
  return PASSWORD_PATTERN.test(password) ? undefined : 'pattern';
}
