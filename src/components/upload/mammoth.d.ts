/** The part of mammoth (no bundled types) the Word import uses. */
declare module 'mammoth' {
  interface MammothResult {
    value: string;
    messages: { type: string; message: string }[];
  }
  interface MammothInput {
    /** Browser build. */
    arrayBuffer?: ArrayBuffer;
    /** Node build. */
    buffer?: ArrayBuffer | Uint8Array;
  }
  export function convertToHtml(input: MammothInput): Promise<MammothResult>;
  export function extractRawText(input: MammothInput): Promise<MammothResult>;
  const mammoth: {
    convertToHtml: typeof convertToHtml;
    extractRawText: typeof extractRawText;
  };
  export default mammoth;
}
