/**
 * The root route: transition progress bar, document title, hand-over of the request
 * client's navigation (220/401) to the router, cross-tab logout, and the guard's error page.
 */
import { useEffect } from 'react';
import { Outlet, useMatches, useNavigate, useNavigation, useRouteError } from 'react-router-dom';
import { setRequestNavigator } from '@/lib/request';
import { onSessionCleared } from '@/lib/session';
import { isCodeLoadError } from '@/lib/lazy/code-boundary';
import { notify } from '@/lib/notify';
import { shell } from '@/locale/shell';
import { PUBLIC_PATHS } from './public-paths';

/**
 * Page title: route title + the product's one name (issue 51 item 5). Not the stored SYS_TITLE:
 * it is known only once signed in, so the same tab was 登录 - 后台管理系统 and then 控制台 -
 * 企业信息综合管理平台. The configured system title names the sidebar and the login card.
 */
export function pageTitle(routeTitle: string | undefined): string {
  return routeTitle ? `${routeTitle} - ${shell.productName}` : shell.productName;
}

export function TransitionProgress({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <div className="app-progress" role="progressbar" aria-label={shell.loading}>
      <div className="app-progress__bar" />
    </div>
  );
}

function useDocumentTitle(): void {
  const matches = useMatches();
  const handle = [...matches]
    .reverse()
    .find((match) => (match.handle as { title?: string } | undefined)?.title)?.handle as
    | { title?: string }
    | undefined;
  const title = pageTitle(handle?.title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function Root() {
  const navigation = useNavigation();
  const navigate = useNavigate();
  useDocumentTitle();

  useEffect(() => setRequestNavigator((path) => navigate(path)), [navigate]);
  useEffect(
    () =>
      onSessionCleared((fromOtherTab) => {
        if (fromOtherTab) void navigate(PUBLIC_PATHS.login);
      }),
    [navigate],
  );

  return (
    <>
      <TransitionProgress active={navigation.state !== 'idle'} />
      <Outlet />
    </>
  );
}

export function RootFallback() {
  return <TransitionProgress active />;
}

function errorMessage(error: unknown): string {
  // The browser's own English words, with the file's address: said in the interface's language.
  if (isCodeLoadError(error)) return shell.codeLoad.screen;
  if (error instanceof Error && error.message) return error.message;
  if (
    error &&
    typeof error === 'object' &&
    'statusText' in error &&
    typeof error.statusText === 'string' &&
    error.statusText
  )
    return error.statusText;
  return shell.guardError;
}

/** A guard (or route loading) error: its message, or 有错误, then the login page. */
export function GuardErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => {
    notify.error(errorMessage(error));
    void navigate(PUBLIC_PATHS.login, { replace: true });
  }, [error, navigate]);
  return null;
}

/** A screen that fails to render shows its error inside the layout, not a blank page. */
export function ScreenErrorBoundary() {
  return <ScreenError error={useRouteError()} />;
}

/**
 * A screen that could not be shown. When its code could not be downloaded — often a release
 * that replaced the files this page still names — reloading the page is the way back.
 */
export function ScreenError({ error }: { error: unknown }) {
  return (
    <div className="screen-error" role="alert">
      <i className="pi pi-exclamation-triangle" aria-hidden />
      <span>{errorMessage(error)}</span>
      {isCodeLoadError(error) && (
        // PrimeReact's look without its Button: this module is part of /login's download.
        <button
          type="button"
          className="p-button p-button-sm p-button-outlined screen-error__reload"
          onClick={() => window.location.reload()}
        >
          <i className="pi pi-refresh p-button-icon p-button-icon-left" aria-hidden />
          <span className="p-button-label">{shell.codeLoad.reload}</span>
        </button>
      )}
    </div>
  );
}
