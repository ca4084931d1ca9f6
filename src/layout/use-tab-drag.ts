/**
 * Reordering the history tabs with the pointer: a tab dragged onto another takes its place
 * (HTML drag and drop, so no extra library). The homepage is neither dragged nor a place to
 * drop on: it stays first. While dragging, the dragged tab is dimmed and the tab under the
 * pointer shows on which side the dragged one will land.
 */
import { useState, type DragEvent, type HTMLAttributes } from 'react';
import { isClosable, type HistoryTab } from './tabs';

type DragHandlers = Pick<
  HTMLAttributes<HTMLLIElement>,
  'draggable' | 'onDragStart' | 'onDragOver' | 'onDragLeave' | 'onDrop' | 'onDragEnd'
>;

export function useTabDrag(
  tabs: readonly HistoryTab[],
  onMove: (path: string, to: number) => void,
) {
  const [dragged, setDragged] = useState<string>();
  const [over, setOver] = useState<string>();
  const end = () => {
    setDragged(undefined);
    setOver(undefined);
  };
  const from = tabs.findIndex((tab) => tab.path === dragged);

  /** The modifier classes of the tab at `path` (with a leading space, or ''). */
  const className = (path: string): string => {
    if (path === dragged) return ' history-tab--dragged';
    if (path !== over || from < 0) return '';
    const to = tabs.findIndex((tab) => tab.path === path);
    return to < from ? ' history-tab--drop-before' : ' history-tab--drop-after';
  };

  const handlers = (tab: HistoryTab, index: number): DragHandlers => {
    if (!isClosable(tab)) return {};
    return {
      draggable: true,
      onDragStart: (event: DragEvent<HTMLLIElement>) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', tab.title);
        setDragged(tab.path);
      },
      onDragOver: (event: DragEvent<HTMLLIElement>) => {
        if (!dragged) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(tab.path);
      },
      onDragLeave: (event: DragEvent<HTMLLIElement>) => {
        // Moving between the tab's own title and close button is no leaving.
        const into = event.relatedTarget;
        if (into instanceof Node && event.currentTarget.contains(into)) return;
        setOver((current) => (current === tab.path ? undefined : current));
      },
      onDrop: (event: DragEvent<HTMLLIElement>) => {
        event.preventDefault();
        if (dragged && dragged !== tab.path) onMove(dragged, index);
        end();
      },
      onDragEnd: end,
    };
  };

  return { className, handlers };
}
