/**
 * The table the bench copies from the app and hands to the plain reference page
 * (scripts/bench-ui.ts writes it, main.tsx draws it).
 */
/** An element as the bench serialised it (text nodes are strings). */
export interface CopiedElement {
  tag: string;
  attributes: Record<string, string>;
  children: (CopiedElement | string)[];
}

export interface CopiedTable {
  table: CopiedElement;
  /** The app's style sheets: link addresses and inline style texts, in document order. */
  links: string[];
  styles: string[];
  /** Indexes of the body rows drawn only on 显示全部 (the rows the app's click added). */
  added: number[];
}

declare global {
  interface Window {
    /** Called by the bench: draws the table without its added rows, resolved once styled. */
    benchTable?: (copied: CopiedTable) => Promise<void>;
  }
}
