/** Query keys and codes the settings screens share. */

/** The configuration groups 系统设置 edits (spec section 3's config keys). */
export const SETTING_CODES = ['SYS_TITLE', 'SYS_LOGO', 'IMAGECONFIG', 'FILECONFIG'] as const;
export type SettingCode = (typeof SETTING_CODES)[number];

/**
 * getgroupdata answers by code. The upload controls read their limits under the same keys
 * (['group-data', code], whole envelope), so refreshing them after a save reaches the uploads.
 */
export const groupDataKeys = {
  all: ['group-data'] as const,
  config: (code: string) => ['group-data', code] as const,
};
