/**
 * The page sizes a list offers are the spec's (section 9: 10, 30, 40, 50, 80), up to the largest
 * page the module's API serves: the Museum API refuses a `limit` over 30, so its lists offer no
 * size it would refuse.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CrudPage } from '@/components/crud';
import { noticeModule } from '@generated/modules/notice';
import { renderWithProviders } from '../form/render';
import { withMockBackend } from './mock-backend';

withMockBackend();

async function offeredSizes(module: typeof noticeModule): Promise<string[]> {
  const user = userEvent.setup();
  renderWithProviders(<CrudPage module={module} />);
  await screen.findByText('共 8 条');
  const sizes = document.querySelector<HTMLElement>('.p-paginator .p-dropdown');
  await user.click(sizes!);
  const items = await waitFor(() => {
    const found = [...document.querySelectorAll('.p-dropdown-panel .p-dropdown-item')];
    expect(found.length).toBeGreaterThan(0);
    return found;
  });
  return items.map((item) => item.textContent ?? '');
}

describe('page sizes', () => {
  it('the spec’s sizes when the API sets no maximum', async () => {
    expect(await offeredSizes(noticeModule)).toEqual(['10', '30', '40', '50', '80']);
  });

  it('none larger than the page the API serves', async () => {
    expect(await offeredSizes({ ...noticeModule, maxPageSize: 30 })).toEqual(['10', '30']);
  });
});
