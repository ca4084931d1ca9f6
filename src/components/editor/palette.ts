/**
 * The editor's fixed choices (spec section 9): 70 colours in rows of 10 (60 theme colours, then
 * the 10 standard ones), font sizes within 12–72 px, special characters and emoticons.
 */
import { EDITOR_LIMITS } from './model/blocks';

export const THEME_COLORS: readonly string[] = [
  'ffffff,000000,eeece1,1f497d,4f81bd,c0504d,9bbb59,8064a2,4bacc6,f79646',
  'f2f2f2,7f7f7f,ddd9c3,c6d9f0,dbe5f1,f2dcdb,ebf1dd,e5e0ec,dbeef3,fdeada',
  'd8d8d8,595959,c4bd97,8db3e2,b8cce4,e5b9b7,d7e3bc,ccc1d9,b7dde8,fbd5b5',
  'bfbfbf,3f3f3f,938953,548dd4,95b3d7,d99694,c3d69b,b2a2c7,92cddc,fac08f',
  'a5a5a5,262626,494429,17365d,366092,953734,76923c,5f497a,31859b,e36c09',
  '7f7f7f,0c0c0c,1d1b10,0f243e,244061,632423,4f6128,3f3151,205867,974806',
]
  .join(',')
  .split(',')
  .map((c) => `#${c}`);

export const STANDARD_COLORS: readonly string[] =
  'c00000,ff0000,ffc000,ffff00,92d050,00b050,00b0f0,0070c0,002060,7030a0'
    .split(',')
    .map((c) => `#${c}`);

/** Font sizes offered (px), all within the product's 12–72 px. */
export const FONT_SIZES: readonly number[] = [
  12, 14, 16, 18, 20, 24, 28, 32, 36, 48, 60, 72,
].filter((n) => n >= EDITOR_LIMITS.fontSizeMin && n <= EDITOR_LIMITS.fontSizeMax);

export const SPECIAL_CHARS: readonly string[] = Array.from(
  '、。·ˉˇ¨〃々—～‖…‘’“”〔〕〈〉《》「」『』〖〗【】±×÷∶∧∨∑∏∪∩∈∷√⊥∥∠⌒⊙∫∮≡≌≈∽∝≠≮≯≤≥∞∵∴♂♀°′″℃＄¤￠￡‰§№☆★○●◎◇◆□■△▲※→←↑↓〓αβγδεζηθλμπρστφω①②③④⑤⑥⑦⑧⑨⑩ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ©®™',
);

/** Emoticons are inserted as text (Unicode), so they need no image files. */
export const EMOTICONS: readonly string[] = Array.from(
  '😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗🙂🤗🤩🤔🤨😐😑😶🙄😏😣😥😮🤐😯😪😫🥱😴😌😛😜😝🤤😒😓😔😕🙃🤑😲🙁😖😞😟😤😢😭😦😧😨😩🤯😬😰😱🥵🥶😳🤪😵😡😠🤬😷🤒🤕👍👎👏🙏💪❤️🌹🎉',
).filter((c) => c !== '\uFE0F');
