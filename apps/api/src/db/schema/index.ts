export * from './conta.js';
export * from './auditoria.js';
export * from './correio.js';
export * from './referencia.js';
export * from './cadastro.js';
export * from './operacao.js';
export * from './fic.js';
