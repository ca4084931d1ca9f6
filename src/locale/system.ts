/** Strings of the system-administration screens' own actions. */
export const system = {
  resetPassword: '重置密码',
  confirmResetPassword: '确定重置该用户的密码吗？',
  resetPasswordSuccess: '密码已重置',
} as const;
