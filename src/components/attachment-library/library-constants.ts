/** The attachment library's fixed values (spec sections 3 and 9). */

/** Spec section 9: attachment page size 18, options 10, 18, 20, 25, 30. */
export const LIBRARY_PAGE_SIZE = 18;
export const LIBRARY_PAGE_SIZES = [10, 18, 20, 25, 30];

/** Attachment types (spec section 3): 2 image, 3 video, anything else a file. */
export const ATTACHMENT_TYPE = { image: 2, video: 3, other: 1 } as const;
