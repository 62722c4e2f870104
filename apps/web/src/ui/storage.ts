/** Browser storage with the §9 prefix ('jhi' + '-'). */
const PREFIX = 'jhi-';

export const storageKeys = {
  token: 'authenticationToken',
  locale: 'locale',
  requestedUrl: 'requestedUrl',
  /** Set while the session came from an identity provider: signing out ends the provider's session too. */
  entradaProvedor: 'entradaProvedor',
} as const;

export function readStored(key: string): string | null {
  return sessionStorage.getItem(PREFIX + key) ?? localStorage.getItem(PREFIX + key);
}
export function writeStored(key: string, value: string, persistent: boolean) {
  (persistent ? localStorage : sessionStorage).setItem(PREFIX + key, value);
}
export function clearStored(key: string) {
  localStorage.removeItem(PREFIX + key);
  sessionStorage.removeItem(PREFIX + key);
}
/** A value replaced where it is kept (a renewed token stays "remembered" or not, as before). */
export function replaceStored(key: string, value: string) {
  writeStored(key, value, localStorage.getItem(PREFIX + key) !== null);
}
