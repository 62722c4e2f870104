import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DATAS_REFERENCIA, RELATORIOS, TIPOS_CONSULTA_ATIVOS, type DefinicaoRelatorio, type NomeRelatorio } from '@cadastro/domain';
import { ReportPage } from '../../ui/ReportPage';
import { param, useUrlState } from '../../ui/urlState';
import { FiltroAtivosForm, FiltroForaInteresseForm, FiltroGeralForm, FiltroPeriodoForm, type ValoresFiltro } from './Filtros';

/** Every report's filter and preview state, in the URL (Back, reload and links restore it). */
const URL_RELATORIO = {
  dataInicial: param.day(),
  dataFinal: param.day(),
  tipoConsulta: param.oneOf(TIPOS_CONSULTA_ATIVOS),
  tipoContribuinte: param.text(200),
  situacaoCadastral: param.text(200),
  dataReferencia: param.oneOf(DATAS_REFERENCIA),
  page: param.withDefault(param.page(), 1),
};
export const SUFIXO_PREVIA = '/pre-visualizar';

/** The report of a route: its filter route `rota`, or its preview `rota/pre-visualizar`. */
export function relatorioDaRota(pathname: string): NomeRelatorio | undefined {
  const rota = pathname.replace(/^\//, '').replace(SUFIXO_PREVIA, '');
  return (Object.keys(RELATORIOS) as NomeRelatorio[]).find((n) => RELATORIOS[n].rota === rota);
}

/**
 * §2 Reports: the one page of the eleven (the route says which). A report without filters shows its
 * preview at once; the others show the filter, and the preview under it once submitted.
 */
export default function RelatorioPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const nome = relatorioDaRota(pathname);
  const [url, setUrl] = useUrlState(URL_RELATORIO);
  if (!nome) return null;
  const def: DefinicaoRelatorio = RELATORIOS[nome];
  const previa = def.filtro === 'nenhum' || pathname.endsWith(SUFIXO_PREVIA);
  const ir = (v: ValoresFiltro) =>
    void setUrl({ ...v, page: 1 }, { pathname: `/${def.rota}${SUFIXO_PREVIA}`, refresh: ['relatorio', def.caminho] });
  const consulta = previa ? consultaDe(def.filtro, url) : null;
  const chave = `${url.dataInicial}|${url.dataFinal}|${url.tipoConsulta}|${url.tipoContribuinte}|${url.situacaoCadastral}|${url.dataReferencia}`;
  const filtro =
    def.filtro === 'periodo' || def.filtro === 'periodoAberto' ? <FiltroPeriodoForm key={chave} inicial={url} finalOpcional={def.filtro === 'periodoAberto'} onConsultar={ir} />
      : def.filtro === 'geral' ? <FiltroGeralForm key={chave} inicial={url} onConsultar={ir} />
      : def.filtro === 'ativos' ? <FiltroAtivosForm key={chave} inicial={url} onConsultar={ir} />
        : def.filtro === 'foraInteresse' ? <FiltroForaInteresseForm key={chave} inicial={url} onConsultar={ir} />
          : undefined;
  return (
    <ReportPage
      key={nome}
      titulo={t(`relatorio.titulos.${nome}`)}
      caminho={def.caminho}
      colunas={def.colunas}
      lista={def.lista}
      rotulo={(c) => t(`relatorio.colunas.${c}`)}
      vazio={t(`relatorio.vazio.${nome}`)}
      exportar={def.exportar}
      filtro={filtro}
      consulta={consulta}
      page={url.page}
      onPage={(page) => void setUrl({ page })}
      arquivo={def.rota}
    />
  );
}

/** The preview's query from the URL, or null when the URL lacks what the filter requires. */
function consultaDe(filtro: (typeof RELATORIOS)[NomeRelatorio]['filtro'], u: ValoresFiltro): Record<string, string | undefined> | null {
  switch (filtro) {
    case 'periodo': return u.dataInicial && u.dataFinal ? { dataInicial: u.dataInicial, dataFinal: u.dataFinal } : null;
    case 'periodoAberto': return u.dataInicial ? { dataInicial: u.dataInicial, dataFinal: u.dataFinal } : null;
    case 'geral':
      return u.dataInicial && u.dataFinal ? { dataInicial: u.dataInicial, dataFinal: u.dataFinal, situacaoCadastral: u.situacaoCadastral, dataReferencia: u.dataReferencia } : null;
    case 'ativos': return u.tipoConsulta ? { tipoConsulta: u.tipoConsulta } : null;
    case 'foraInteresse': return { tipoContribuinte: u.tipoContribuinte, situacaoCadastral: u.situacaoCadastral };
    default: return {};
  }
}
