/** The theme switch in the user menu (lib/theme). */
export const layoutTheme = {
  group: '主题',
  choices: {
    light: '浅色',
    dark: '深色',
    system: '跟随系统',
  },
} as const;
