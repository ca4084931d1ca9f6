import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that always holds the latest `value`: for callbacks handed to things that live across
 * renders (the Editor.js instance, window listeners), which must call what the last render
 * passed instead of what the first one did.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
