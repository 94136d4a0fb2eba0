// The listing page's financing form choices, shared with the DTO (desk.contract.ts): a module without decorators,
// so the listing page does not bring class-validator with it.

/** Credit history answers of the financing form. */
export const CREDIT_HISTORIES = ['excellent', 'good', 'fair', 'poor', 'none'] as const;
export const ID_TYPES = ['drivers-license', 'passport', 'state-id'] as const;
