import type { CSSTransitionProps } from 'primereact/csstransition';

/**
 * Transition options for an editor dialog (a PrimeReact Dialog) that leave the focus in a field
 * outside the editor when it was put there while the dialog was closing. When its closing
 * animation ends, the Dialog gives the focus back to what had it before it opened — the editor's
 * text or a table cell — even when another field has taken it meanwhile: a journey that filled
 * 公告标题 just after the chart dialog's 确认 had 图表公告 typed into the table cell. Moves inside
 * the editor (a command putting the caret back) are left as they were. `dialog` gives the
 * dialog's element; the timeout is the Dialog's own (a centred dialog).
 */
export function keepFocusMovedOnClose(
  dialog: () => HTMLElement | null | undefined,
): CSSTransitionProps {
  let movedTo: HTMLElement | undefined;
  // The Dialog gives the focus back into the editor (what had it when the dialog opened), so a
  // focus in an editor is never one to keep: nor is one in the dialog itself.
  const isMoveOut = (target: EventTarget | null): target is HTMLElement =>
    target instanceof HTMLElement &&
    target !== document.body &&
    !target.closest('.rich-editor') &&
    !dialog()?.contains(target);
  const onFocusIn = (event: FocusEvent) => {
    if (isMoveOut(event.target)) movedTo = event.target;
  };
  return {
    timeout: { enter: 150, exit: 150 },
    onExit: () => {
      // The field may have been focused in the very task that closed the dialog.
      const active = document.activeElement;
      movedTo = isMoveOut(active) ? active : undefined;
      document.addEventListener('focusin', onFocusIn, true);
    },
    onExited: () => {
      document.removeEventListener('focusin', onFocusIn, true);
      if (movedTo?.isConnected && document.activeElement !== movedTo)
        movedTo.focus({ preventScroll: true });
      movedTo = undefined;
    },
  };
}
