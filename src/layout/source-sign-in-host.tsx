/**
 * Where an imported source's sign-in dialog opens (src/lib/rest-source/sign-in.ts): mounted
 * with the shell, it loads the dialog only when a source first asks, so screens of the spec's
 * own backend never pay for it.
 */
import { useEffect, useState } from 'react';
import { DialogCodeSlot, lazyDefault } from '@/lib/lazy';
import type { SourceDescription } from '@/core/rest-source';
import { onSourceSignIn } from '@/lib/rest-source/sign-in';

const SourceSignInDialog = lazyDefault(() => import('./source-sign-in-dialog'));

export function SourceSignInHost() {
  const [asking, setAsking] = useState<SourceDescription | undefined>(undefined);
  const [opened, setOpened] = useState(false);
  useEffect(
    () =>
      onSourceSignIn((source) => {
        setOpened(true);
        setAsking(source);
      }),
    [],
  );
  if (!opened) return null;
  return (
    <DialogCodeSlot open={asking !== undefined} onClose={() => setAsking(undefined)}>
      <SourceSignInDialog source={asking} onHide={() => setAsking(undefined)} />
    </DialogCodeSlot>
  );
}
