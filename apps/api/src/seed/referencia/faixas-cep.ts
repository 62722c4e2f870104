/** The CEP ranges live in packages/domain (the server's CEP rule and the SPA's address form use them too). */
export { FAIXAS_CEP } from '@cadastro/domain';
