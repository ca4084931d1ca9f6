/**
 * A form whose date picker has not loaded yet (no list fetched it ahead): the field shows
 * 控件加载中… in its place, then the picker with the record's value, and what the user picks is
 * submitted as with any control.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DynamicForm } from '@/components/form';
import { renderWithProviders } from './render';

describe('a control whose code loads on first use', () => {
  it('shows 控件加载中… until the date picker arrives, then the picker with the value', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <DynamicForm
        fields={[{ cf_name: '发布日期', cf_fieldname: 'day', cf_control: 'DatePicker' }]}
        record={{ day: '2025-11-20' }}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByText('控件加载中…')).toBeInTheDocument();
    expect(await screen.findByLabelText('发布日期')).toHaveValue('2025-11-20');
    expect(screen.queryByText('控件加载中…')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls.at(-1)?.[0]).toEqual({ day: '2025-11-20' });
  });
});
