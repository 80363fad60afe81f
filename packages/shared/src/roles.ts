/** The spec's numeric `role` (product.md "User"): 0 a member, the default; 1 an administrator. */
export const ROLE_MEMBER = 0;
export const ROLE_ADMINISTRATOR = 1;
