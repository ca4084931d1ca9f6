/**
 * Drafts (spec: autosave): every hand-over of the content is kept in local storage under the
 * page address and the editor's id (../drafts.ts), with the "已自动保存" notice; a draft that
 * differs from the loaded value is offered back; it is cleared once the server accepted the save
 * (the form runs `afterSave`; a refused save keeps it). A source edit counts as any other.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '@/lib/notify';
import { editorStatus } from '@/locale/editor';
import type { AfterSaveStep } from '../../form/controls/types';
import type { EditorContent } from '../content';
import { createDraftStore, createSavedNotice, type Draft, type DraftStore } from '../drafts';
import { useLatest } from './use-latest';

export interface Drafts {
  /** A stored draft that differs from the loaded value, until restored or discarded. */
  offer: Draft | undefined;
  /** The "已自动保存" notice is showing. */
  savedVisible: boolean;
  restore: () => void;
  discard: () => void;
  /** Taken at submit: clears the draft once the server accepted the save. */
  afterSave: () => AfterSaveStep | undefined;
}

/** The page address drafts are kept under (the route and its query). */
function pageAddress(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function useDrafts(options: {
  content: EditorContent;
  /** Keeps drafts under the page address + this id; none without it. */
  draftId: string | undefined;
  disabled: boolean;
  /** The loaded value (a draft equal to it is not offered). */
  value: string;
}): Drafts {
  const { content, draftId } = options;
  const [offer, setOffer] = useState<Draft | undefined>(() => {
    if (!draftId || options.disabled) return undefined;
    const draft = createDraftStore({ address: pageAddress(), editorId: draftId }).load();
    return draft && draft.html !== options.value ? draft : undefined;
  });
  const [savedVisible, setSavedVisible] = useState(false);
  const storeRef = useRef<DraftStore | undefined>(undefined);
  const disabledRef = useLatest(options.disabled);

  useEffect(() => {
    if (!draftId || disabledRef.current) return undefined;
    const notice = createSavedNotice({ onChange: setSavedVisible });
    const store = createDraftStore({
      address: pageAddress(),
      editorId: draftId,
      onSaved: () => notice.saved(),
    });
    if (store.load()?.html === content.html) store.clear();
    storeRef.current = store;
    const unsubscribe = content.subscribe({ emitted: (html) => store.save(html) });
    const onHide = () => {
      // A source edit still waiting for its hand-over goes into the draft first.
      content.flushSource();
      store.flush();
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      unsubscribe();
      // Closing with a source edit not yet handed over keeps it in the draft (not in the form,
      // which is going away as well).
      const pending = content.pendingSourceHtml();
      if (pending !== undefined) store.save(pending);
      store.dispose();
      notice.dispose();
      storeRef.current = undefined;
    };
  }, [content, draftId, disabledRef]);

  const restore = useCallback(() => {
    setOffer(undefined);
    if (!offer || !content.attached) return;
    void content.show(offer.html, true);
    notify.success(editorStatus.draftRestored);
  }, [content, offer]);

  const discard = useCallback(() => {
    storeRef.current?.clear();
    setOffer(undefined);
  }, []);

  const afterSave = useCallback(() => {
    // Captured now: the save that succeeds clears it even when the dialog has closed (and
    // unmounted this editor) by then.
    const store = storeRef.current;
    if (!store) return undefined;
    return () => {
      store.clear();
      setOffer(undefined);
    };
  }, []);

  return { offer, savedVisible, restore, discard, afterSave };
}
