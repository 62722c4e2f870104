// Signing in as a demo account the way the SPA does (XSRF cookie from profile-info, then authenticate).

/** The headers a signed-in client sends: the bearer token, and the XSRF pair its writes need. */
export async function cabecalhosDe(base: string, login = 'atendente', senha = login) {
  const profile = await fetch(`${base}/api/profile-info`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(profile.headers.get('set-cookie') ?? '')![1]!;
  const auth = await fetch(`${base}/api/authenticate`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
    body: JSON.stringify({ username: login, password: senha }),
  });
  if (auth.status !== 200) throw new Error(`sign-in of ${login}: ${auth.status} ${await auth.text()}`);
  const token = ((await auth.json()) as { id_token: string }).id_token;
  return { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
}

/** The bearer token alone (reads). */
export async function entrar(base: string, login = 'atendente', senha = login): Promise<string> {
  return (await cabecalhosDe(base, login, senha)).authorization.slice('Bearer '.length);
}
