/**
 * When a source refuses a call for want of a credential (401), the user is asked for one: the
 * adapter says so here and the shell's sign-in host (src/layout/source-sign-in-host.tsx) opens
 * the source's sign-in dialog. Asked once per refusal burst: several calls refused together
 * (a list and its look-ups) open one dialog. Signing out of the back-office forgets every
 * source's credential, so the next person at this tab is asked again.
 */
import type { SourceDescription } from '@/core/rest-source';
import { onSessionCleared } from '@/lib/session';
import { clearAllSourceCredentials } from './credentials';

type SignInListener = (source: SourceDescription) => void;

const listeners = new Set<SignInListener>();

/** Subscribes to "source X wants a credential"; returns the unsubscribe function. */
export function onSourceSignIn(listener: SignInListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function askSourceSignIn(source: SourceDescription): void {
  // A source without a supported scheme cannot be signed in to from here: the message says why.
  if (source.auth.length === 0) return;
  listeners.forEach((listener) => listener(source));
}

onSessionCleared(() => clearAllSourceCredentials());
