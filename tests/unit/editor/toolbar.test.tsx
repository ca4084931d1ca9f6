/**
 * Every button of the editor's own toolbar has a Chinese accessible name (Editor.js has none of
 * its own, upstream issue #1510): a screen reader user hears what each one does.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { EditorToolbar, type ToolbarActions } from '@/components/editor/toolbar';

const actions: ToolbarActions = {
  run: vi.fn(),
  align: vi.fn(),
  color: vi.fn(),
  font: vi.fn(),
  spacing: vi.fn(),
  heading: vi.fn(),
};

describe('editor toolbar', () => {
  it('names every button in Chinese', () => {
    render(<EditorToolbar actions={actions} state={{ fullscreen: false, source: false }} />);
    const toolbar = screen.getByRole('toolbar', { name: '编辑器工具栏' });
    const buttons = [...toolbar.querySelectorAll('button')];
    expect(buttons.length).toBeGreaterThan(30);
    const unnamed = buttons.filter((button) => {
      const name = button.getAttribute('aria-label') ?? button.textContent ?? '';
      return !/[\u4e00-\u9fff]/.test(name);
    });
    expect(unnamed.map((button) => button.outerHTML.slice(0, 120))).toEqual([]);
    for (const name of [
      '加粗',
      '有序列表',
      '无序列表',
      '撤销',
      '重做',
      '锚点',
      '特殊字符',
      '模板',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('a menu opened by a click alone (no pointer over it first) shows its entries, and picks one', async () => {
    render(<EditorToolbar actions={actions} state={{ fullscreen: false, source: false }} />);
    // A plain click event: no pointerenter or focus before it, as a script or a switch device sends.
    fireEvent.click(screen.getByRole('button', { name: '段前距' }));
    // jsdom lays nothing out, so PrimeReact's overlay keeps display:none there (its placement is
    // the journeys' and the screenshots' to check): the menu is looked for among hidden nodes.
    const menu = await screen.findByRole('menu', { name: '段前距', hidden: true });
    fireEvent.click(within(menu).getByText('15px'));
    expect(actions.spacing).toHaveBeenCalledWith('marginTop', 15);
  });
});
