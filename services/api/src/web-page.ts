// The web apps' pages and files (the storefront, the back-office, the test provider's payment
// page) are for browsers, not API callers: they stay out of /api/docs. openapi.int.test.ts
// names every route that may be hidden so; any other served route must be in the document.

/** A page route's options: not in the OpenAPI document. */
export const PAGE = { schema: { hide: true } } as const
