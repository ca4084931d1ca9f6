/**
 * The rich-text editor's limits and defaults (spec sections 5 and 9). In the dependency-free core
 * because both sides use them: the editor (src/components/editor, which re-exports them from its
 * model) and the UEditor server client (src/lib/ueditor: how long an upload error shows, how long
 * a remote-image capture may take), and src/lib never imports src/components.
 */
export const EDITOR_LIMITS = {
  undoSteps: 20,
  fontSizeMin: 12,
  fontSizeMax: 72,
  tableDefault: { cols: 5, rows: 5 },
  tableMax: { cols: 20, rows: 100 },
  video: { width: 420, height: 280 },
  wordLimit: 10000,
  autosaveIntervalMs: 500,
  autosaveMinGapMs: 20,
  savedNoticeDelayMs: 2000,
  savedNoticeShowMs: 2000,
  remoteCaptureTimeoutMs: 60000,
  uploadErrorShowMs: 4000,
  /** Product settings (section 9). */
  product: { initialHeight: 260, minWidth: 800, minHeight: 350, wordCount: false, scaling: true },
  /** Form-embedded editor 900 × 600; 300 high elsewhere. */
  formEmbedded: { width: 900, height: 600 },
  otherHeight: 300,
} as const;
