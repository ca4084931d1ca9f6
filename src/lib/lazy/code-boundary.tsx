/**
 * A failed download of code — a flaky link, or a release that replaced the files a page open
 * since before it still asks for — contained where it happens. Without it the error reached the
 * screen's boundary: the whole screen, with a half-filled form, gave way to the browser's English
 * message. A form control shows 重试 in its place instead (CodeSlot); a dialog closes with a
 * message (DialogCodeSlot); anything else is not caught here.
 */
import { Component, createContext, Suspense, type ReactNode } from 'react';
import { notify } from '@/lib/notify';
import { shell } from '@/locale/shell';

/** Chromium's, Firefox's and Safari's messages for a failed import(), and Vite's for its CSS. */
const CODE_LOAD_MESSAGE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Whether `error` is a failed download of code (an import() or the stylesheet Vite adds to it). */
export function isCodeLoadError(error: unknown): boolean {
  return error instanceof Error && CODE_LOAD_MESSAGE.test(error.message);
}

/**
 * The current attempt of the CodeBoundary above (a new object at its mount and at each retry);
 * outside any, one for the page's life. lazyPreloaded keys its lazy components by it.
 */
export const CodeAttempt = createContext<object>({});

interface CodeBoundaryProps {
  /** Shown instead of the children after a failed download; `retry` renders them again. */
  failed: (retry: () => void) => ReactNode;
  /** Called once per failed download, once `failed` is shown. */
  onFailed?: () => void;
  /** A failed boundary tries again when this turns true (a dialog shown again). */
  retryWhen?: boolean;
  children: ReactNode;
}

/** Catches a failed download of code below it; any other error goes on to the boundary above. */
export class CodeBoundary extends Component<CodeBoundaryProps, { error?: Error; attempt: object }> {
  override state: { error?: Error; attempt: object } = { attempt: {} };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error), { cause: error }) };
  }

  override componentDidCatch(error: unknown): void {
    if (isCodeLoadError(error)) this.props.onFailed?.();
  }

  override componentDidUpdate(previous: CodeBoundaryProps): void {
    if (this.state.error && this.props.retryWhen && !previous.retryWhen)
      this.setState({ error: undefined, attempt: {} });
  }

  override render(): ReactNode {
    const { error, attempt } = this.state;
    if (error === undefined)
      return <CodeAttempt value={attempt}>{this.props.children}</CodeAttempt>;
    if (!isCodeLoadError(error)) throw error;
    return this.props.failed(() => this.setState({ error: undefined, attempt: {} }));
  }
}

/** The message and 重试 in place of code that could not be downloaded. */
function CodeFailed({ retry }: { retry: () => void }) {
  return (
    <small className="code-failed p-error" role="alert">
      {shell.codeLoad.inline}
      <button type="button" className="code-failed__retry p-link" onClick={retry}>
        {shell.codeLoad.retry}
      </button>
    </small>
  );
}

/**
 * Where lazily loaded code is shown inline (a form control): `loading` while it downloads, the
 * message and 重试 if the download fails — the rest of the form, and what was typed, stay.
 */
export function CodeSlot({ loading, children }: { loading: ReactNode; children: ReactNode }) {
  return (
    <CodeBoundary failed={(retry) => <CodeFailed retry={retry} />}>
      <Suspense fallback={loading}>{children}</Suspense>
    </CodeBoundary>
  );
}

/**
 * Where a lazily loaded dialog is shown: if its code cannot be downloaded, it says so and is
 * closed (`onClose`), and what is behind it stays as it was; opened again, it downloads again.
 */
export function DialogCodeSlot({
  open,
  onClose,
  loading = null,
  children,
}: {
  /** Whether the dialog is being shown (an always-mounted dialog's `visible`). */
  open: boolean;
  onClose: () => void;
  loading?: ReactNode;
  children: ReactNode;
}) {
  return (
    <CodeBoundary
      failed={() => null}
      onFailed={() => {
        notify.error(shell.codeLoad.dialog);
        onClose();
      }}
      retryWhen={open}
    >
      <Suspense fallback={loading}>{children}</Suspense>
    </CodeBoundary>
  );
}
