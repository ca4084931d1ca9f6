/**
 * A select over a big enum (issue 50 item 6: 5,000 values took 16 s to open, every option
 * drawn): past 50 options the panel draws only the rows in view and offers a filter, which
 * reaches any value; up to 50 every option is drawn as before.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DynamicForm, type FieldDefinition } from '@/components/form';
import { renderWithProviders } from './render';

// jsdom lays nothing out: every box is 0 px, so a virtual list would see no room for any row.
// A box whose style states a height (the panel's list: 200px) gets it, 320 px wide, as a browser
// would lay it out; every other box stays as jsdom has it. The list's padding is stated too (the
// theme's stylesheet is not loaded): the scroller subtracts it, and jsdom computes none.
const styledHeight = (element: HTMLElement) => Number.parseFloat(element.style.height) || 0;
const jsdomLayout = {
  offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight'),
  offsetWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth'),
  getBoundingClientRect: Object.getOwnPropertyDescriptor(
    Element.prototype,
    'getBoundingClientRect',
  ),
};
const themePadding = document.createElement('style');
themePadding.textContent = '.p-virtualscroller-content { padding: 0px; }';
// The scroller scrolls its list back to the top as the filter narrows it; jsdom has no scrollTo.
const jsdomScrollTo = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo');
beforeAll(() => {
  document.head.append(themePadding);
  Object.defineProperty(Element.prototype, 'scrollTo', {
    configurable: true,
    value: () => undefined,
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return styledHeight(this);
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return styledHeight(this) > 0 ? 320 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'getBoundingClientRect', {
    configurable: true,
    value(this: HTMLElement) {
      const height = styledHeight(this);
      return new DOMRect(0, 0, height > 0 ? 320 : 0, height);
    },
  });
});
afterAll(() => {
  themePadding.remove();
  if (jsdomScrollTo) Object.defineProperty(Element.prototype, 'scrollTo', jsdomScrollTo);
  else Reflect.deleteProperty(Element.prototype, 'scrollTo');
  for (const [name, descriptor] of Object.entries(jsdomLayout)) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  }
  Reflect.deleteProperty(HTMLElement.prototype, 'getBoundingClientRect');
});

const valuesOf = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    label: `VALUE_${String(index).padStart(5, '0')}`,
    value: `v${index}`,
  }));

function setup(control: 'select' | 'selectAll', count: number) {
  const field: FieldDefinition = {
    cf_name: '代码',
    cf_fieldname: 'code',
    cf_control: control,
    cf_sourcetype: 'STATIC',
    optionData: valuesOf(count),
  };
  const onSubmit = vi.fn();
  renderWithProviders(<DynamicForm fields={[field]} onSubmit={onSubmit} />);
  return { user: userEvent.setup(), onSubmit };
}

/** The option rows the open panel has drawn. */
const drawnOptions = () => document.querySelectorAll('li[role="option"]');

describe('a select over many values', () => {
  it.each(['select', 'selectAll'] as const)(
    '%s of 5,000 values draws a few rows, and its filter reaches the last ones',
    async (control) => {
      const { user, onSubmit } = setup(control, 5000);
      await user.click(
        screen.getByText('请选择', { selector: '.p-dropdown-label, .p-multiselect-label' }),
      );
      await waitFor(() => expect(drawnOptions().length).toBeGreaterThan(0));
      expect(drawnOptions().length).toBeLessThan(60);
      const filter = document.querySelector<HTMLElement>(
        '.p-dropdown-filter, .p-multiselect-filter',
      );
      if (!filter) throw new Error('the panel has no filter');
      await user.type(filter, 'VALUE_04999');
      await user.click(await screen.findByRole('option', { name: 'VALUE_04999', hidden: true }));
      await user.click(screen.getByRole('button', { name: '提交' }));
      await waitFor(() =>
        expect(onSubmit).toHaveBeenCalledWith({ code: control === 'select' ? 'v4999' : ['v4999'] }),
      );
    },
  );

  it('a select of 50 values draws all 50, as before', async () => {
    const { user } = setup('select', 50);
    await user.click(
      screen.getByText('请选择', { selector: '.p-dropdown-label, .p-multiselect-label' }),
    );
    await waitFor(() => expect(drawnOptions()).toHaveLength(50));
  });
});
