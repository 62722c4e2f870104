import type { Messages } from './pt-br';

/** Pessoa: lookup, individual and legal-entity pages, Cadastrar Pessoa, LGPD read log (English). */
export const pessoa: Pick<Messages, 'pessoa'> = {
  pessoa: {
    menu: { consulta: 'Person' },
    busca: {
      title: 'Person lookup',
      documento: 'CPF or CNPJ',
      placeholder: '999.999.999-99 or 99.999.999/9999-99',
      consultar: 'Search',
      naoEncontrado: 'Record not found.',
      cadastrar: 'Register',
      invalido: 'Enter a CPF (11 digits) or a CNPJ (14 characters).',
      digito: 'Invalid check digit.',
    },
    novaConsulta: 'New search',
    salvar: 'Save',
    alteracaoRealizada: 'Change saved successfully!',
    fisica: { title: 'Individual', dadosBasicos: 'Basic data', cpf: 'CPF', nome: 'Name' },
    juridica: {
      title: 'Legal entity', identificacao: 'Identification', cnpj: 'CNPJ', razaoSocial: 'Business name', nomeFantasia: 'Trade name',
      naturezaJuridica: 'Legal nature', caceal: 'CACEAL', responsavelOrganizacao: 'Responsible for the accounting organization', responsavelLegal: 'Legal responsible',
      qualificacao: 'Qualification', semCaceal: 'No state registration',
    },
    endereco: { title: 'Address', vazio: 'No address registered.', principal: 'Main' },
    contato: { title: 'Contact', email: 'E-mail', telefones: 'Phones', tipo: 'Type', ddd: 'Area code', numero: 'Number', vazio: 'No phone registered.' },
    contador: {
      title: 'Accountant data', crcCompleto: 'CRC', crc: 'CRC number', digito: 'Check digit', tipoInscricao: 'Registration type', uf: 'CRC state',
      categoria: 'Category', classificacao: 'Classification', apto: 'Qualified', sim: 'Yes', nao: 'No', naoInformado: 'Not informed',
      naoContador: 'This person is not an accountant.', naoContadorPj: 'This company is not an accountant (no CRC on record).', cadastrarBotao: 'Register accountant data', cadastrarDados: 'Enter the CRC data to register this organization as an accountant.',
    },
    empresas: {
      socio: 'Companies where partner', responsavel: 'Companies where responsible', contabil: 'Companies whose accounting it handles',
      caceal: 'CACEAL', cnpj: 'CNPJ', razaoSocial: 'Business name', situacao: 'Status', qualificacao: 'Qualification', vazio: 'No records found.',
      filtro: 'Filter by CACEAL, CNPJ or business name', filtroDica: 'CACEAL, CNPJ or part of the name', filtrar: 'Filter',
    },
    cadastro: {
      title: 'Register Person',
      ajuda: 'Enter the CPF or CNPJ: the data comes from the Federal Revenue (Infoconv) and the person is registered or updated.',
      consultar: 'Search',
      sucesso: 'Person registered/updated successfully',
      nome: 'Name',
      razaoSocial: 'Business name',
      documento: 'Document',
      verDados: 'See full data',
      fechar: 'Close',
    },
    leituras: {
      title: 'Individual reads (LGPD)',
      ajuda: "Every opening of an individual's page is logged: who, when, which CPF and from which screen.",
      cpf: 'CPF', login: 'User', consultar: 'Search', data: 'Date', tela: 'Screen', total: 'Total reads: {{n}}',
      informe: 'Enter a CPF or a user.',
    },
    erro: {
      naoEncontrado: 'Record not found.',
      naoEncontradoReceita: 'Document not found at the Federal Revenue.',
      receitaIndisponivel: 'The Federal Revenue registry (Infoconv) is unavailable right now. Nothing was saved; please try again later.',
      crcEmUso: 'This CRC already belongs to another accountant.',
      desatualizado: 'The data was changed by someone else; search again.',
    },
  },
};
