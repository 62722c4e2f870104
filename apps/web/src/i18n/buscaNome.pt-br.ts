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
    total: 'Exibindo {{n}} registros que contêm o texto',
    totalPiso: 'Pelo menos {{n}} registros: avance com “Próxima” até o fim ou refine a consulta',
    // The names after "contains" are never counted (#43 §4): said, not numbered.
    maisParecidos: '— e mais nomes parecidos',
    parecidosDepois: '— nomes parecidos, se houver, vêm depois destes',
    soParecidos: 'Nenhum nome contém o texto; estes são parecidos',
  },
};
