export * from './mensagens.js';
export * from './qsa.js';
export * from './porte.js';
export * from './atividades-mei.js';
export * from './datas.js';
export * from './receita.js';
export * from './cep.js';
export * from './atividade-natureza.js';
