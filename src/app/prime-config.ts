/**
 * PrimeReact's global set-up (zh-CN locale, no ripple), shared by the lazily loaded parts that
 * render PrimeReact: the toast host and the signed-in providers. Kept out of the entry so the
 * login page needs no PrimeReact JavaScript at all.
 */
import { addLocale, ariaLabel, locale, type APIOptions } from 'primereact/api';
import type { RowPassThroughOptions } from 'primereact/row';
import type { TreePassThroughMethodOptions } from 'primereact/tree';
import type { TreeTablePassThroughMethodOptions } from 'primereact/treetable';
import zhCN from 'primelocale/zh-CN.json';

// Weeks start on Monday in Chinese calendars (GB/T 7408); primelocale's zh-CN says Sunday.
addLocale('zh-CN', {
  ...(zhCN['zh-CN'] as Parameters<typeof addLocale>[1]),
  firstDayOfWeek: 1,
});
locale('zh-CN');

export const PRIME_CONFIG: Partial<APIOptions> = {
  locale: 'zh-CN',
  ripple: false,
  pt: {
    // A drop-down mirrors its value into a visually hidden, unfocusable <select> for forms; the
    // labelled combobox is what assistive technology should meet, not an unnamed second control.
    dropdown: { select: { 'aria-hidden': true } },
    // A switch is its inner role="switch" input (named by its label or aria-label); the wrapper
    // PrimeReact also marks as a checkbox would be a control nested around a control.
    inputswitch: { root: { role: 'none', 'aria-checked': undefined, 'aria-label': undefined } },
    // A tree table's rows carry tree-grid state (level, position, expanded) and move focus with
    // the arrow keys: the table is a treegrid (not a table inside a second role="table" box)
    // named by the TreeTable's aria-label, its cells gridcells, and a row never claims
    // aria-checked (no checkbox selection here).
    treetable: {
      root: { role: undefined, 'aria-label': undefined },
      table: ({ props }: TreeTablePassThroughMethodOptions) => ({
        role: 'treegrid',
        'aria-label': props['aria-label'],
      }),
      bodyCell: { role: 'gridcell' },
      // The d.ts types `row` as the Row component's options, but TreeTableRow spreads it onto
      // its <tr> (getRowPTOptions('row')): attributes go there directly.
      row: { 'aria-checked': undefined } as RowPassThroughOptions,
    },
    tree: {
      // The expand toggle is a button (tabIndex -1, reached by the arrow keys): it says what it does.
      toggler: ({ context }: TreePassThroughMethodOptions) => ({
        'aria-label': ariaLabel(context.expanded ? 'collapseLabel' : 'expandLabel', {}),
      }),
      // A node with children contains them: its visible text is more than its label, so its
      // name comes from its content; a leaf keeps the label as its name.
      node: ({ context }: TreePassThroughMethodOptions) =>
        context.leaf ? undefined : { 'aria-label': undefined },
    },
    // The tree select is its focusable combobox input (named by the field's label); the arrow
    // beside it is a mouse target only, not a second unnamed button.
    treeselect: { trigger: { 'aria-hidden': true } },
  },
};
