/**
 * Pushed notices never stack up or cover a result: they show one at a time in the bottom-right
 * corner, while the results of what the user did keep the top.
 */
import { describe, expect, it } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import ToastHost from '@/app/toast-host';
import { notify } from '@/lib/notify';

const texts = (selector: string) =>
  [...document.querySelectorAll(`${selector} .p-toast-message`)].map((el) => el.textContent);

describe('toasts', () => {
  it('shows one notice at a time in the corner, and results at the top', async () => {
    render(<ToastHost queue={[]} />);
    act(() => {
      notify.success('恢复成功');
      notify.notice('您有一条新消息：新的待审批内容');
      notify.notice('您有一条新消息：系统公告已发布');
    });
    await waitFor(() => expect(texts('.p-toast-top-center')).toEqual(['恢复成功']));
    await waitFor(() =>
      expect(texts('.p-toast-bottom-right')).toEqual(['您有一条新消息：系统公告已发布']),
    );
  });
});
