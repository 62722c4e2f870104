import { parentPort } from 'node:worker_threads';
import type { DocumentoPdf } from './documento.js';
import { renderizar, type MensagemPdf } from './motor.js';

// One document at a time: the pool sends the next only after 'fim' or 'erro'.
const porta = parentPort!;
const enviar = (m: MensagemPdf) => porta.postMessage(m, m.tipo === 'dados' ? [m.dados.buffer as ArrayBuffer] : []);
porta.on('message', (doc: DocumentoPdf) => {
  renderizar(doc, enviar).catch((e: unknown) => enviar({ tipo: 'erro', mensagem: e instanceof Error ? (e.stack ?? e.message) : String(e) }));
});
