/**
 * Where the hint popup (spec: float, modify, delete and clear on a selected image or link) shows:
 * under the link last clicked in the frame, or under the pointer on the image last clicked; a
 * click elsewhere closes it.
 */
import { useEffect, useState, type RefObject } from 'react';
import { linkAt } from '../dom-commands';

export type Hint =
  | { kind: 'image'; blockId: string; top: number; left: number }
  | { kind: 'link'; anchor: HTMLAnchorElement; top: number; left: number };

export function useHint(frameRef: RefObject<HTMLDivElement | null>) {
  const [hint, setHint] = useState<Hint | undefined>(undefined);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return undefined;
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      const target = event.target;
      // The popup's own buttons: closing it here (before React's handler runs, a user click
      // re-renders in between) would unmount the button and its action would never run.
      if (target.closest('.rich-editor__hint')) return;
      const frameBox = frame.getBoundingClientRect();
      const place = (el: Element) => {
        const box = el.getBoundingClientRect();
        return {
          top: box.bottom - frameBox.top + frame.scrollTop + 4,
          left: Math.max(0, box.left - frameBox.left),
        };
      };
      const img = target.closest('.re-image img');
      if (img) {
        const blockId = img.closest<HTMLElement>('.ce-block')?.dataset.id;
        // Under the pointer, not under the image: a tall image would put it out of sight.
        const top = event.clientY - frameBox.top + frame.scrollTop + 12;
        if (blockId) setHint({ kind: 'image', blockId, ...place(img), top });
        return;
      }
      const anchor = linkAt(target);
      if (anchor && frame.contains(anchor)) {
        setHint({ kind: 'link', anchor, ...place(anchor) });
        return;
      }
      setHint(undefined);
    };
    frame.addEventListener('click', onClick);
    return () => frame.removeEventListener('click', onClick);
  }, [frameRef]);

  return { hint, setHint };
}
