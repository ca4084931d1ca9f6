/**
 * Clipboard HTML of a given size for the paste bench (scripts/bench-paste.ts) and the paste
 * tests, as a browser makes it when a web page or a Word document is copied: headings, styled
 * paragraphs with bold, italic and links, lists, and a small table every tenth section, inside
 * the StartFragment/EndFragment comments, ending with a mark to wait for.
 */

/** The text of the last pasted paragraph. */
export const END_MARK = '粘贴结束标记';

/** A page (headings, lists, tables: the project's codec) or paragraphs only (Editor.js's paste). */
export type PasteKind = 'page' | 'paragraphs';

/** One repeated unit of clipboard HTML, numbered so no two are the same text. */
function unit(kind: PasteKind, n: number): string {
  const styled =
    `<p style="margin:0 0 8px;line-height:1.5"><span style="color:#333333;font-size:14px">` +
    `第 ${n} 段正文，介绍本季度的销售情况与市场变化，<strong>重点内容加粗</strong>，` +
    `<em>补充说明为斜体</em>，详见<a href="https://example.com/report/${n}">报告原文</a>。</span></p>`;
  if (kind === 'paragraphs') return styled;
  let html = `<h2 style="font-size:20px">第 ${n} 节 销售分析</h2>${styled}`;
  html += `<ul><li>华东区域同比增长 ${n % 30}%</li><li>华南区域持平</li></ul>`;
  if (n % 10 === 0)
    html +=
      '<table border="1"><tbody><tr><th>区域</th><th>销售额</th></tr>' +
      `<tr><td>华东</td><td>${n * 100}</td></tr><tr><td>华南</td><td>${n * 90}</td></tr></tbody></table>`;
  return html;
}

/** Clipboard HTML of about `bytes` UTF-8 bytes, ending with the end mark. */
export function clipboardHtml(kind: PasteKind, bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let n = 1; size < bytes; n += 1) {
    const piece = unit(kind, n);
    parts.push(piece);
    size += new TextEncoder().encode(piece).length;
  }
  return `<html><body><!--StartFragment-->${parts.join('')}<p>${END_MARK}</p><!--EndFragment--></body></html>`;
}
