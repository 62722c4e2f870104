/** One formatting module for codes and numbers as the offices write them: screens, PDFs and XLSX call these. */
export * from './codigos.js';
export * from './numeros.js';
export * from './celula.js';
