/**
 * FilePond's frame loop (components/upload/frame-painter): FilePond joins the loop installed
 * before it; an idle pond costs a check every IDLE_CHECK_MS and no animation frame; a pond that
 * changes, or that the user acts on, is drawn every frame until BUSY_MS after the last change.
 * The timers, the frames and the clock are Vitest's fakes.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

type PainterModule = typeof import('@/components/upload/frame-painter');

let painterModule: PainterModule;
let frames: MockInstance<typeof window.requestAnimationFrame>;
let pondRoot: HTMLElement;
/** What FilePond's writer does on each call: nothing (a resting pond) unless told otherwise. */
let write: (timestamp: number) => void;
let writes: number;

/** Joins the loop as FilePond's module does (filepond/src/js/app/frame/createPainter.js). */
function joinAsFilePond(): void {
  const painter = window.__framePainter;
  if (!painter) throw new Error('no loop to join');
  painter.readers.push(() => undefined);
  painter.writers.push((timestamp) => {
    writes += 1;
    write(timestamp);
  });
}

beforeEach(async () => {
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'performance',
    ],
  });
  delete window.__framePainter;
  vi.resetModules();
  painterModule = await import('@/components/upload/frame-painter');
  frames = vi.spyOn(window, 'requestAnimationFrame');
  pondRoot = document.createElement('div');
  pondRoot.className = 'filepond--root';
  pondRoot.innerHTML = '<button type="button">浏览</button>';
  document.body.replaceChildren(pondRoot);
  write = () => undefined;
  writes = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('FilePond’s frame loop', () => {
  it('is joined by FilePond and, for a resting pond, checks for work without asking for frames', async () => {
    painterModule.installFramePainter();
    joinAsFilePond();
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toBe(1000 / painterModule.IDLE_CHECK_MS);
    expect(frames).not.toHaveBeenCalled();
  });

  it('draws every frame while FilePond changes a pond, and rests BUSY_MS after the last change', async () => {
    painterModule.installFramePainter();
    joinAsFilePond();
    // Changes for longer than BUSY_MS: only seeing them keeps the frames coming.
    const CHANGES = 60;
    let changesLeft = CHANGES;
    write = () => {
      if (changesLeft <= 0) return;
      changesLeft -= 1;
      pondRoot.style.opacity = String(changesLeft / CHANGES);
    };
    painterModule.wakeFramePainter();
    // One change a frame (16 ms each), not one a check.
    await vi.advanceTimersByTimeAsync(CHANGES * 16);
    expect(changesLeft).toBe(0);
    expect(frames.mock.calls.length).toBeGreaterThanOrEqual(CHANGES);

    await vi.advanceTimersByTimeAsync(painterModule.BUSY_MS + 100);
    const framesWhenResting = frames.mock.calls.length;
    const writesWhenResting = writes;
    await vi.advanceTimersByTimeAsync(2000);
    expect(frames.mock.calls.length).toBe(framesWhenResting);
    expect(writes - writesWhenResting).toBe(2000 / painterModule.IDLE_CHECK_MS);
  });

  it('draws frames at once when the user presses a pond’s button, not when they press elsewhere', async () => {
    painterModule.installFramePainter();
    joinAsFilePond();
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);

    elsewhere.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(50);
    expect(frames).not.toHaveBeenCalled();

    pondRoot.querySelector('button')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(16);
    expect(frames).toHaveBeenCalled();
    expect(writes).toBeGreaterThanOrEqual(1);
  });

  it('a newly created pond is drawn at once', async () => {
    painterModule.installFramePainter();
    joinAsFilePond();
    await vi.advanceTimersByTimeAsync(10);
    expect(writes).toBe(0);
    painterModule.wakeFramePainter();
    await vi.advanceTimersByTimeAsync(16);
    expect(writes).toBe(1);
  });

  it('leaves a loop already in place as it is', () => {
    const existing = { readers: [], writers: [] };
    window.__framePainter = existing;
    painterModule.installFramePainter();
    expect(window.__framePainter).toBe(existing);
  });
});
