/** Spec section 9: the page sizes every list offers (the message list's, and the CRUD lists'). */
export const LIST_PAGE_SIZES = [10, 30, 40, 50, 80] as const;
