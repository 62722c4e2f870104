// The floor for bench/consulta.ts: a bare node:http server (no framework, no auth, no validation)
// answering the search call with the same module function. The API can only come close to it.
// Usage (spawned by consulta.ts): DATABASE_URL=… PORT=… node --import tsx bench/servidor-minimo.ts
import http from 'node:http';
import { openDatabase } from '../apps/api/src/db/client.js';
import { buscarContribuintes, type TipoBusca } from '../apps/api/src/modules/contribuinte/busca.js';

const db = await openDatabase(process.env.DATABASE_URL!, '/tmp');
const server = http.createServer((req, res) => {
  // /sfz-cadastro-api/api/contribuinte/obterListaContribuintes/{tipo}/{termo}/{page}/{size}
  const [tipo, termo, page, size] = req.url!.split('/').slice(5);
  if (!req.url!.startsWith('/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/') || !size) return void res.writeHead(404).end();
  buscarContribuintes(db.db, tipo as TipoBusca, decodeURIComponent(termo!), Number(page), Number(size)).then(
    (r) => {
      const body = JSON.stringify({ ...r, totalPages: Math.ceil(r.totalElements / Number(size)) });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    },
    (e: Error) => res.writeHead(500).end(e.message),
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.once('SIGTERM', () => server.close(() => void db.close().then(() => process.exit(0))));
