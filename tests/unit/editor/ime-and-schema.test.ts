// @vitest-environment node
/** The IME guard's decision and the required rule of an editor field (its value is HTML). */
import { describe, expect, it } from 'vitest';
import { IME_GRACE_MS, isImeEnter } from '@/components/editor/ime';
import { isBlankHtml } from '@/components/editor/empty';
import { buildFormSchema } from '@/components/form/schema';

const enter = { key: 'Enter', keyCode: 13, isComposing: false };
const idle = { composing: false, endedAt: -Infinity };

describe('IME guard', () => {
  it('holds back the Enter that confirms a composition', () => {
    expect(isImeEnter({ ...enter, isComposing: true }, idle, 0)).toBe(true);
    expect(isImeEnter({ key: 'Process', keyCode: 229, isComposing: false }, idle, 0)).toBe(true);
    expect(isImeEnter(enter, { composing: true, endedAt: -Infinity }, 0)).toBe(true);
  });

  it('holds back Enter just after compositionend (Safari), not later', () => {
    const ended = { composing: false, endedAt: 1000 };
    expect(isImeEnter(enter, ended, 1000 + IME_GRACE_MS - 1)).toBe(true);
    expect(isImeEnter(enter, ended, 1000 + IME_GRACE_MS + 1)).toBe(false);
  });

  it('lets a plain Enter and other keys through', () => {
    expect(isImeEnter(enter, idle, 5000)).toBe(false);
    expect(isImeEnter({ key: 'a', keyCode: 65, isComposing: false }, idle, 0)).toBe(false);
  });
});

describe('required editor field', () => {
  const schema = buildFormSchema([
    { cf_name: '正文', cf_fieldname: 'body', cf_control: 'editor', cf_validate: 'require' },
  ]);
  const messageOf = async (body: string) => {
    try {
      await schema.validate({ body });
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('an empty editor (markup without text) says 请输入正文', async () => {
    for (const body of ['', '<p></p>', '<p><br></p>', '<p>&nbsp; </p><h2></h2>'])
      expect(await messageOf(body)).toBe('请输入正文');
  });

  it('text or media alone is content', async () => {
    expect(await messageOf('<p>通知</p>')).toBeUndefined();
    expect(await messageOf('<figure><img src="/storage/a.png"></figure>')).toBeUndefined();
    expect(isBlankHtml('<table><tr><td></td></tr></table>')).toBe(false);
  });
});
