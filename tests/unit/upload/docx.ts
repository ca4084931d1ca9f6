/** A real, minimal .docx (the parts Word and mammoth need), built with jszip. */
import JSZip from 'jszip';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The namespaces document, styles and numbering parts use. */
export const DOCX_NAMESPACES =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';

export interface DocxParts {
  /** The inner XML of <w:body>. */
  body: string;
  /** The inner XML of <w:styles> (paragraph styles such as Heading1). */
  styles?: string;
  /** The inner XML of <w:numbering> (lists). */
  numbering?: string;
  /** PNG images by relationship id, stored as word/media/<id>.png. */
  images?: Record<string, Uint8Array>;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A .docx from its parts: headings, lists, tables and images for richer converter tests. */
export async function buildDocxParts(parts: DocxParts): Promise<Uint8Array<ArrayBuffer>> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    XML +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Default Extension="png" ContentType="image/png"/>' +
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
  const relations: string[] = [];
  if (parts.styles !== undefined) {
    zip.file('word/styles.xml', `${XML}<w:styles ${DOCX_NAMESPACES}>${parts.styles}</w:styles>`);
    relations.push(`<Relationship Id="rIdStyles" Type="${REL}/styles" Target="styles.xml"/>`);
  }
  if (parts.numbering !== undefined) {
    zip.file(
      'word/numbering.xml',
      `${XML}<w:numbering ${DOCX_NAMESPACES}>${parts.numbering}</w:numbering>`,
    );
    relations.push(
      `<Relationship Id="rIdNumbering" Type="${REL}/numbering" Target="numbering.xml"/>`,
    );
  }
  for (const [id, bytes] of Object.entries(parts.images ?? {})) {
    zip.file(`word/media/${id}.png`, bytes);
    relations.push(`<Relationship Id="${id}" Type="${REL}/image" Target="media/${id}.png"/>`);
  }
  if (relations.length) {
    zip.file(
      'word/_rels/document.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relations.join('')}</Relationships>`,
    );
  }
  zip.file(
    'word/document.xml',
    `${XML}<w:document ${DOCX_NAMESPACES}><w:body>${parts.body}</w:body></w:document>`,
  );
  return new Uint8Array(await zip.generateAsync({ type: 'arraybuffer' }));
}

export async function buildDocx(paragraphs: readonly string[]): Promise<Uint8Array<ArrayBuffer>> {
  const body = paragraphs
    .map((text) => `<w:p><w:r><w:t xml:space="preserve">${escape(text)}</w:t></w:r></w:p>`)
    .join('');
  return buildDocxParts({ body });
}
