/**
 * The sign-in challenge a staff account's password earned (issue #41 §3), handed from the sign-in dialog
 * to the enrolment screen. Kept in memory only: never in a URL, history state or storage (it expires in
 * minutes, and a reload simply asks for the password again).
 */
let atual: { desafio: string; rememberMe: boolean } | null = null;

export function guardarDesafio(desafio: string, rememberMe: boolean) {
  atual = { desafio, rememberMe };
}

/** The challenge, once: the screen that takes it owns it. */
export function tomarDesafio() {
  const d = atual;
  atual = null;
  return d;
}
