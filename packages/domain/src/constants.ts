/** Business constants of §9, shared by API and SPA. */
export const APP_VERSION = '1.1.81';
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_LINKS = 5;
export const ALERT_TIMEOUT_MS = 5000;
export const DEFAULT_USER_SORT = 'id,asc';
export const RESET_KEY_VALIDITY_HOURS = 24;
/** A self-registered account not activated within this time is removed (login and e-mail freed). */
export const ACTIVATION_KEY_VALIDITY_HOURS = 24;
export const LANGUAGES = ['pt-br', 'en'] as const;
export type LangKey = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: LangKey = 'pt-br';
/** Top progress bar (§9): minimum 0.15, speed 200 ms, trickle 250 ms. */
export const PROGRESS_BAR = { minimum: 0.15, speedMs: 200, trickleMs: 250 } as const;

/** Base paths of the API (ARCHITECTURE rule 1). */
export const API_BASE = '/api';
export const REGISTRY_API_BASE = '/sfz-cadastro-api/api';
export const MANAGEMENT_BASE = '/management';

/** CSRF double-submit names (§7). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
