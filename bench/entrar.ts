// Signing in as a demo account the way the SPA does (XSRF cookie from profile-info, then authenticate):
// the bearer token the benches send.
export async function entrar(base: string, login = 'atendente', senha = login): Promise<string> {
  const profile = await fetch(`${base}/api/profile-info`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(profile.headers.get('set-cookie') ?? '')![1]!;
  const auth = await fetch(`${base}/api/authenticate`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
    body: JSON.stringify({ username: login, password: senha }),
  });
  if (auth.status !== 200) throw new Error(`sign-in of ${login}: ${auth.status} ${await auth.text()}`);
  return ((await auth.json()) as { id_token: string }).id_token;
}
