/** Strings of the add/edit form of an imported source whose request body is one of several shapes. */
export const requestForm = {
  /** The variant picker's label: which of the body's shapes the form sends. */
  variantLabel: '提交类型',
  /** A variant the document names in no way (an inline schema without a title). */
  variantNumber: (n: number) => `类型 ${n}`,
};
