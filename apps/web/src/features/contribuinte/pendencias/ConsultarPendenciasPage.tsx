import { useMemo, useRef, useState } from 'react';
import { Button, Group, MultiSelect, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { onlyCnpjChars, onlyDigits, validarTermoBusca, type ConsultaPendencias } from '@cadastro/domain';
import { erroCacealDigitado } from '../../../ui/caceal';
import { mascarar, PLACEHOLDER } from '../../../ui/mascaras';
import { param, useUrlState, type UrlValues } from '../../../ui/urlState';
import { PENDENCIAS_KEY, useComboPendencia } from './api';
import { CompetenciaInput, competenciaDia, erroCompetencia, type Competencia } from './CompetenciaInput';
import { PendenciasLista } from './PendenciasLista';

const DOCS = ['CACEAL', 'CNPJ'] as const;
type Doc = (typeof DOCS)[number];
const mes = z.string().regex(/^(0?[1-9]|1[0-2])$/).optional().catch(undefined);
const ano = z.string().regex(/^\d{4}$/).optional().catch(undefined);
const codigo = z.coerce.number().int().min(1).max(9999).optional().catch(undefined);

/** The screen's state in the URL: the query and its page (Back, reload and links restore the list). */
const PENDENCIAS_URL = {
  doc: param.oneOf(DOCS), numero: param.text(20), mi: mes, ai: ano, mf: mes, af: ano, cl: codigo, cr: codigo, sit: param.numbers(10), page: param.page(),
};
type Url = UrlValues<typeof PENDENCIAS_URL>;

/** The call's body from the URL (undefined until a query is made). */
function consultaDe(u: Url): Omit<ConsultaPendencias, 'pagina' | 'tamanho'> | undefined {
  if (u.page === undefined) return undefined;
  return {
    tipoConsultaNumeroDocumento: u.doc && u.numero ? u.doc : undefined,
    caceal: u.doc === 'CACEAL' && u.numero ? Number(u.numero) : undefined,
    cnpj: u.doc === 'CNPJ' && u.numero ? u.numero : undefined,
    mesCompetenciaInicial: u.mi && u.ai ? Number(u.mi) : undefined,
    anoCompetenciaInicial: u.mi && u.ai ? Number(u.ai) : undefined,
    mesCompetenciaFinal: u.mf && u.af ? Number(u.mf) : undefined,
    anoCompetenciaFinal: u.mf && u.af ? Number(u.af) : undefined,
    classificacao: u.cl,
    criticidade: u.cr,
    situacao: u.sit,
  };
}

/** §2 consultar-pendencias (ROLE_CAD_CON_PEND_OFICIO): everyone's or one taxpayer's pendências in a competence period. */
export default function ConsultarPendenciasPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(PENDENCIAS_URL);
  const consulta = useMemo(() => consultaDe(url), [url]);
  return (
    <Stack py="md">
      <Title order={1}>{t('pendencia.consulta.title')}</Title>
      <PendenciasForm
        key={JSON.stringify({ ...url, page: undefined })}
        inicial={url}
        onConsultar={(v) => void setUrl({ ...v, page: 1 }, { refresh: PENDENCIAS_KEY })}
        onLimpar={() => void setUrl(Object.fromEntries(Object.keys(PENDENCIAS_URL).map((k) => [k, undefined])) as Partial<Url>)}
      />
      <PendenciasLista origem="consultar" consulta={consulta} page={url.page ?? 1} onPage={(p) => void setUrl({ page: p })} vazio={t('pendencia.consulta.vazio')} />
    </Stack>
  );
}

function PendenciasForm({ inicial, onConsultar, onLimpar }: { inicial: Url; onConsultar(v: Omit<Url, 'page'>): void; onLimpar(): void }) {
  const { t } = useTranslation();
  const classificacoes = useComboPendencia('classificacaoIrregularidade').data ?? [];
  const criticidades = useComboPendencia('criticidadeIrregularidade').data ?? [];
  const situacoes = useComboPendencia('situacaoIrregularidade').data ?? [];
  const [doc, setDoc] = useState<Doc | null>(inicial.doc ?? null);
  const [numero, setNumero] = useState(inicial.doc ? mascarar(inicial.doc, inicial.numero ?? '') : '');
  const [de, setDe] = useState<Competencia>({ mes: inicial.mi ?? '', ano: inicial.ai ?? '' });
  const [ate, setAte] = useState<Competencia>({ mes: inicial.mf ?? '', ano: inicial.af ?? '' });
  const [cl, setCl] = useState<string | null>(inicial.cl ? String(inicial.cl) : null);
  const [cr, setCr] = useState<string | null>(inicial.cr ? String(inicial.cr) : null);
  const [sit, setSit] = useState<string[]>((inicial.sit ?? []).map(String));
  const ateMes = useRef<HTMLInputElement>(null);
  const classificacao = useRef<HTMLInputElement>(null);

  const erroDoc = (doc === 'CACEAL' && erroCacealDigitado(numero, t)) || (doc && numero && validarTermoBusca(doc, numero) !== null ? t('pendencia.consulta.documentoInvalido', { doc }) : null);
  const erroDe = erroCompetencia(de);
  const erroAte = erroCompetencia(ate);
  const invertida = !erroDe && !erroAte && de.mes && ate.mes && competenciaDia(de) > competenciaDia(ate) ? t('pendencia.consulta.invertida') : null;
  const valido = (!doc || (!!numero && !erroDoc)) && !erroDe && !erroAte && !invertida;
  const enviar = () => {
    if (!valido) return;
    onConsultar({
      doc: doc ?? undefined,
      numero: doc === 'CACEAL' ? onlyDigits(numero) : doc === 'CNPJ' ? onlyCnpjChars(numero) : undefined,
      mi: de.mes || undefined, ai: de.ano || undefined, mf: ate.mes || undefined, af: ate.ano || undefined,
      cl: cl ? Number(cl) : undefined, cr: cr ? Number(cr) : undefined, sit: sit.length ? sit.map(Number) : undefined,
    });
  };
  return (
    <Paper withBorder p="lg">
      <form onSubmit={(e) => { e.preventDefault(); enviar(); }} noValidate>
        <Stack>
          <Group align="flex-start" wrap="wrap">
            <Select
              label={t('pendencia.consulta.consultarPor')}
              placeholder={t('pendencia.consulta.todos')}
              clearable
              data={DOCS.map((v) => ({ value: v, label: t(`contribuinte.busca.tipo.${v}`) }))}
              value={doc}
              onChange={(v) => { setDoc(v as Doc | null); setNumero(''); }}
              w={220}
            />
            <TextInput
              label={t('pendencia.consulta.numero')}
              withAsterisk={!!doc}
              disabled={!doc}
              value={numero}
              placeholder={doc ? PLACEHOLDER[doc] : ''}
              onChange={(e) => setNumero(mascarar(doc, e.currentTarget.value))}
              error={erroDoc}
              w={220}
            />
            <CompetenciaInput id="competencia-inicial" rotulo={t('pendencia.consulta.competenciaInicial')} valor={de} onChange={setDe} erro={erroDe && t(erroDe)} proximo={ateMes} />
            <CompetenciaInput id="competencia-final" rotulo={t('pendencia.consulta.competenciaFinal')} valor={ate} onChange={setAte} erro={(erroAte && t(erroAte)) || invertida} mesRef={ateMes} proximo={classificacao} />
          </Group>
          <Group align="flex-start" wrap="wrap">
            <Select ref={classificacao} label={t('pendencia.consulta.classificacao')} placeholder={t('pendencia.consulta.todas')} clearable data={classificacoes.map((c) => ({ value: String(c.id), label: c.descricao }))} value={cl} onChange={setCl} w={340} />
            <Select label={t('pendencia.consulta.criticidade')} placeholder={t('pendencia.consulta.todas')} clearable data={criticidades.map((c) => ({ value: String(c.id), label: c.descricao }))} value={cr} onChange={setCr} w={180} />
            <MultiSelect label={t('pendencia.consulta.situacao')} placeholder={sit.length ? undefined : t('pendencia.consulta.todas')} clearable data={situacoes.map((c) => ({ value: String(c.id), label: c.descricao }))} value={sit} onChange={setSit} w={320} />
          </Group>
          <Group>
            <Button type="submit" disabled={!valido}>{t('pendencia.consulta.consultar')}</Button>
            <Button variant="default" onClick={onLimpar}>{t('pendencia.consulta.limpar')}</Button>
            <Text size="sm" c="dimmed">{t('pendencia.consulta.dica')}</Text>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
