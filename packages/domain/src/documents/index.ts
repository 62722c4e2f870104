export * from './digits.js';
export * from './cpf.js';
export * from './cnpj.js';
export * from './caceal.js';
export * from './others.js';
