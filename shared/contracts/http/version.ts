/** The application's version (spec §9), shown in the admin toolbar. Zod-free: the browser imports it. */
export const APP_VERSION = '1.7.2-dev'
