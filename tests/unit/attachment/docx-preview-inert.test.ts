/**
 * Issue 49 case 3: a Word preview never runs the file's script. A hostile .docx (an altChunk
 * HTML part with <script>, an event handler and a javascript: link; a hyperlink to a
 * javascript: address) rendered by the previewer: the text is shown, the HTML part sits in a
 * sandboxed frame without allow-scripts with its script removed, and no link keeps a script
 * address. (The Chromium journey attachment-preview-script.e2e.ts shows nothing runs.)
 */
import { describe, expect, it } from 'vitest';
import { renderDocx } from '@/components/file-preview/renderers';
import { ALT_CHUNK_POLICY, makeInert } from '@/components/file-preview/inert-document';
import { ALT_CHUNK_TEXT, NORMAL_TEXT, SCRIPT_LINK_TEXT, buildHostileDocx } from './hostile-docx';

const WORD_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function preview(): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  await renderDocx(new Blob([await buildHostileDocx()], { type: WORD_TYPE }), container);
  return container;
}

describe('Word preview of a hostile .docx', () => {
  it('shows the text and the link, whose javascript: address is gone', async () => {
    const container = await preview();
    expect(container.textContent).toContain(NORMAL_TEXT);
    const link = Array.from(container.querySelectorAll('a')).find(
      (a) => a.textContent === SCRIPT_LINK_TEXT,
    );
    expect(link).toBeDefined();
    expect(link?.hasAttribute('href')).toBe(false);
    expect(container.innerHTML).not.toMatch(/javascript:/i);
  });

  it('the altChunk frame is sandboxed without scripts and its document has no script', async () => {
    const container = await preview();
    const frames = container.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    const frame = frames[0]!;
    expect(frame.getAttribute('sandbox')).toBe('');
    const source = frame.srcdoc;
    expect(source).toContain(ALT_CHUNK_TEXT);
    expect(source).toContain(`content="${ALT_CHUNK_POLICY}"`);
    expect(source).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('any script, handler or script address in rendered nodes is removed', () => {
    const holder = document.createElement('div');
    holder.innerHTML =
      '<p onclick="x()">正文<a href=" JaVa\tScRiPt:alert(1)">甲</a><a href="https://example.com/a">乙</a>' +
      '<a href="#part-2">丙</a><img src="https://tracker.example/p.png"></p><script>x()</script>' +
      '<svg><a href="javascript:x()"><text>丁</text></a></svg>';
    const kept = makeInert([holder]);
    expect(kept).toEqual([holder]);
    expect(holder.innerHTML).toBe(
      '<p>正文<a>甲</a><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">乙</a>' +
        '<a href="#part-2">丙</a><img></p><svg><a><text>丁</text></a></svg>',
    );
    const script = document.createElement('script');
    expect(makeInert([script])).toEqual([]);
  });
});
