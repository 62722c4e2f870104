/** The name search of the taxpayer search screen (#43): how each row was found, paging, suggestions (pt-BR). */
export const buscaNome = {
  buscaNome: {
    comoAchou: 'Como foi encontrado',
    tipo: { CONTEM: 'Contém o texto', PALAVRAS: 'Todas as palavras', VARIANTE: 'Variante de grafia', APROXIMADO: 'Aproximado' },
    voceQuisDizer: 'Você quis dizer…',
    primeira: 'Primeira página',
    anterior: 'Anterior',
    proxima: 'Próxima',
    pagina: 'Página {{n}}',
    total: 'Exibindo {{n}} registros',
    totalPiso: 'Pelo menos {{n}} registros: avance com “Próxima” até o fim ou refine a consulta',
  },
};
