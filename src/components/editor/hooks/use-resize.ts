/**
 * The resize handle (UEditor's "scaling"): dragged with the pointer, or moved 20 px a step with
 * the arrow keys; never below the minimum frame. The minimum binds the handle only: a narrower
 * dialog still fits the editor.
 */
import { useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';

export interface EditorSize {
  /** undefined fills the line. */
  width: number | undefined;
  height: number;
}

const KEY_STEP = 20;

export function useResize(options: {
  rootRef: RefObject<HTMLDivElement | null>;
  initial: EditorSize;
  minWidth: number;
  minHeight: number;
}) {
  const { rootRef, minWidth, minHeight } = options;
  const [size, setSize] = useState<EditorSize>(options.initial);

  const startResize = (event: PointerEvent<HTMLElement>) => {
    const root = rootRef.current;
    if (!root) return;
    event.preventDefault();
    const startX = event.clientX;
    const startY = event.clientY;
    const box = root.getBoundingClientRect();
    const startHeight = size.height;
    const onMove = (move: globalThis.PointerEvent) => {
      setSize({
        width: Math.max(minWidth, Math.round(box.width + move.clientX - startX)),
        height: Math.max(minHeight, Math.round(startHeight + move.clientY - startY)),
      });
    };
    const onUp = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  };

  const resizeByKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowDown' ? KEY_STEP : event.key === 'ArrowUp' ? -KEY_STEP : 0;
    if (!step) return;
    event.preventDefault();
    setSize((s) => ({ ...s, height: Math.max(minHeight, s.height + step) }));
  };

  return { size, startResize, resizeByKey };
}
