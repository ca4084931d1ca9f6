/**
 * FilePond's frame loop, run only while FilePond has something to draw.
 *
 * FilePond reads and writes all its views from one loop, `window.__framePainter`, which its module
 * starts when it loads and never stops: a requestAnimationFrame every frame for the rest of the
 * tab's life, whether a pond is on screen or not. Each frame makes the browser run its rendering
 * steps, so an idle form with an upload control kept ~10% of a core busy in Chromium (and kept doing
 * so on every screen after the first upload control was shown): a laptop's fan and battery pay
 * for a page nobody touches.
 *
 * FilePond joins a loop that is already there instead of starting its own, so this one is
 * installed before FilePond's module runs (./pond.tsx loads FilePond after installing it). It
 * draws every frame while FilePond is changing its views or the user acts on a pond, and
 * otherwise only looks for queued work a few times a second (a file read or an upload that
 * finished, an option React changed) without asking the browser for frames.
 */

type Reader = () => void;
type Writer = (timestamp: number) => void;

/** What FilePond's module looks for on `window` and adds its reader and writer to. */
export interface FramePainter {
  readers: Reader[];
  writers: Writer[];
}

declare global {
  interface Window {
    // FilePond's own name for its loop (filepond/src/js/app/frame/createPainter.js).
    __framePainter?: FramePainter;
  }
}

/** Frames keep coming this long after FilePond last changed a pond or the user acted on one. */
export const BUSY_MS = 500;
/** Between frames, queued work is looked for this often (the most it waits to be drawn). */
export const IDLE_CHECK_MS = 100;

/** Where a pond's views live; their changes mean FilePond is animating. */
const POND_ROOT = '.filepond--root';

/** Events on a pond (or, for files dragged or pasted in, anywhere) after which it animates. */
const WAKING_EVENTS = [
  'pointerdown',
  'pointerup',
  'keydown',
  'focusin',
  'input',
  'change',
  'dragenter',
  'dragover',
  'dragleave',
  'drop',
  'paste',
] as const;
const WAKES_ANYWHERE = new Set<string>(['dragenter', 'dragover', 'dragleave', 'drop', 'paste']);

/** Set by installFramePainter: a pond was created (see wakeFramePainter). */
let pondCreated: (() => void) | undefined;

/**
 * Puts the loop in place for FilePond to join (once per page; a loop already there, FilePond's or
 * this one, is left as it is).
 */
export function installFramePainter(): void {
  if (window.__framePainter) return;
  const painter: FramePainter = { readers: [], writers: [] };
  window.__framePainter = painter;

  const watched = new WeakSet<Element>();
  // Only told, never called back: what FilePond's writers changed is taken right after they ran.
  const changes = new MutationObserver(() => undefined);
  let busyUntil = 0;
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const watchPonds = () => {
    for (const root of document.querySelectorAll(POND_ROOT)) {
      if (watched.has(root)) continue;
      watched.add(root);
      changes.observe(root, { subtree: true, childList: true, attributes: true });
    }
  };

  const paint = (timestamp: number) => {
    for (const read of painter.readers) read();
    for (const write of painter.writers) write(timestamp);
    if (changes.takeRecords().length > 0) busyUntil = performance.now() + BUSY_MS;
  };

  const schedule = () => {
    if (frame || timer) return;
    if (!document.hidden && performance.now() < busyUntil) {
      frame = requestAnimationFrame((timestamp) => {
        frame = 0;
        paint(timestamp);
        schedule();
      });
    } else {
      timer = setTimeout(() => {
        timer = undefined;
        paint(performance.now());
        schedule();
      }, IDLE_CHECK_MS);
    }
  };

  // Also called when the tab is hidden or shown: a hidden tab gets no frames, so a frame asked
  // for before is given up for the checks (uploads go on in a background tab).
  const wake = () => {
    busyUntil = performance.now() + BUSY_MS;
    cancelAnimationFrame(frame);
    frame = 0;
    clearTimeout(timer);
    timer = undefined;
    schedule();
  };

  const wakeOn = (event: Event) => {
    const onPond = event.target instanceof Element && event.target.closest(POND_ROOT);
    if (onPond || WAKES_ANYWHERE.has(event.type)) wake();
  };
  for (const type of WAKING_EVENTS) window.addEventListener(type, wakeOn, true);
  window.addEventListener('resize', wake);
  document.addEventListener('visibilitychange', wake);
  pondCreated = () => {
    watchPonds();
    wake();
  };
  schedule();
}

/**
 * A pond was just created (every pond is, through PondUpload): its views are watched from now on,
 * and drawn at once rather than at the next check.
 */
export function wakeFramePainter(): void {
  pondCreated?.();
}
