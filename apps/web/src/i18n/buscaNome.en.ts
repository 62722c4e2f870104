import type { buscaNome as pt } from './buscaNome.pt-br';

/** The name search of the taxpayer search screen (#43) (English). */
export const buscaNome: typeof pt = {
  buscaNome: {
    comoAchou: 'How it was found',
    tipo: { CONTEM: 'Contains the text', PALAVRAS: 'All the words', VARIANTE: 'Spelling variant', APROXIMADO: 'Approximate' },
    voceQuisDizer: 'Did you mean…',
    primeira: 'First page',
    anterior: 'Previous',
    proxima: 'Next',
    pagina: 'Page {{n}}',
    total: 'Showing {{n}} records that contain the text',
    totalPiso: 'At least {{n}} records: go on with “Next” to the end or refine the search',
    maisParecidos: '— and more similar names',
    parecidosDepois: '— similar names, if any, come after these',
    soParecidos: 'No name contains the text; these are similar',
  },
};
