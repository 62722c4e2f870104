import '@mantine/charts/styles.css';
import type { ReactNode } from 'react';
import { Alert, Anchor, ColorSwatch, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { BarChart, DonutChart } from '@mantine/charts';
import { useElementSize } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Authority, RELATORIOS, REGISTRY_API_BASE, SITUACAO, type PanoramaCadastro } from '@cadastro/domain';
import { Carregando } from '../../ui/Carregando';
import { httpErrorMessage } from '../../ui/errors';
import { http } from '../../ui/http';
import { useSession } from '../../ui/session';

const CORES = ['teal.6', 'yellow.6', 'orange.6', 'red.6', 'gray.6', 'grape.6', 'blue.6', 'indigo.6', 'cyan.6'];
const CORES_SIMPLES = { mei: 'teal.6', simples: 'blue.6', naoOptante: 'gray.6' } as const;
const CORES_CRITICIDADE = ['yellow.6', 'orange.6', 'red.7'];

const geral = RELATORIOS.contribuinteGeral;
const ativos = RELATORIOS.contribuintesAtivos;
const previa = (rota: string, q: Record<string, string>) => `/${rota}/pre-visualizar?${new URLSearchParams({ ...q, page: '1' })}`;
const ultimoDia = (mes: string) => {
  const [a, m] = mes.split('-').map(Number) as [number, number];
  return `${mes}-${String(new Date(Date.UTC(a, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

interface Item {
  chave: string;
  rotulo: string;
  valores: number[];
  /** The report that lists exactly the rows counted, or none when the user may not open it. */
  href?: string;
  cor?: string;
}

/**
 * Pixels of the chart's width a bar needs for each character of its count above it (9 px digits, the axis
 * included): "14" needs 10, "1.234" 25; below that the counts are left to the table.
 */
const LARGURA_DE_DIGITO = 5;

/**
 * "A picture of the registry" (issue #18) on the home page of users with a report role: four charts,
 * each bar or slice (and each row of its table, the charts' text alternative and keyboard path) opening
 * the report that lists the rows it counts. Loaded lazily: the chart library stays out of the first load.
 */
export default function Panorama() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  // The 24 months' chart labels its bars only where a bar's width holds its count (a phone's does not: they overlapped).
  const { ref: refMeses, width: larguraMeses } = useElementSize();
  const q = useQuery({
    queryKey: ['relatorio', 'panorama'],
    queryFn: () => http.get<PanoramaCadastro>(`${REGISTRY_API_BASE}/relatorio/panorama`),
    staleTime: 60_000,
  });
  const numero = (n: number) => n.toLocaleString(i18n.language);
  // A slice's share of its chart, in the reader's language (45,6% in pt-BR).
  const parte = (n: number, total: number) => (total ? n / total : 0).toLocaleString(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const pode = (acesso: readonly string[]) => session.hasAnyAuthority(acesso);
  const ir = (href: string | undefined) => href && void navigate(href);

  let corpo: ReactNode;
  if (q.isPending) corpo = <Carregando h={200} />;
  else if (q.isError) corpo = <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  else {
    const p = q.data;
    const periodo = p.periodo.dataInicial && p.periodo.dataFinal ? { dataInicial: p.periodo.dataInicial, dataFinal: p.periodo.dataFinal } : null;
    const situacoes: Item[] = p.situacoes.map((s, i) => ({
      chave: String(s.situacaoId), rotulo: s.descricao, valores: [s.quantidade], cor: CORES[i % CORES.length],
      href: periodo && pode(geral.acesso) ? previa(geral.rota, { ...periodo, situacaoCadastral: String(s.situacaoId) }) : undefined,
    }));
    const meses: Item[] = p.meses.map((m) => ({ chave: m.mes, rotulo: mesCurto(m.mes, i18n.language), valores: [m.abertas, m.baixadas] }));
    const hrefMes = (mes: string, baixadas: boolean) =>
      pode(geral.acesso)
        ? previa(geral.rota, { dataInicial: `${mes}-01`, dataFinal: ultimoDia(mes), ...(baixadas ? { situacaoCadastral: String(SITUACAO.BAIXADO), dataReferencia: 'situacao' } : {}) })
        : undefined;
    const simples: Item[] = p.simplesMei.map((s) => ({
      chave: s.tipo, rotulo: t(`relatorio.panorama.tiposSimplesMei.${s.tipo}`), valores: [s.quantidade], cor: CORES_SIMPLES[s.tipo],
      href: pode(ativos.acesso) ? previa(ativos.rota, { tipoConsulta: 'simples-mei' }) : undefined,
    }));
    const pendencias: Item[] = p.pendencias.map((c, i) => ({
      chave: String(c.criticidadeId), rotulo: c.descricao, valores: [c.quantidade], cor: CORES_CRITICIDADE[i % CORES_CRITICIDADE.length],
      href: pode([Authority.CON_PEND_OFICIO]) ? `/consultar-pendencias?${new URLSearchParams({ cr: String(c.criticidadeId), sit: '1', page: '1' })}` : undefined,
    }));
    const fatias = (itens: Item[]) => itens.filter((i) => i.valores[0]! > 0).map((i) => ({ name: i.rotulo, value: i.valores[0]!, color: i.cor! }));
    const rosca = (itens: Item[]) => (
      <DonutChart
        data={fatias(itens)}
        withTooltip
        tooltipDataSource="segment"
        valueFormatter={numero}
        size={180}
        thickness={28}
        mx="auto"
        cellProps={(c) => ({ onClick: () => ir(itens.find((i) => i.rotulo === c.name)?.href), style: { cursor: 'pointer' } })}
      />
    );
    // The donut's legend under it, in the data's order (recharts' own legend overflows a fixed-size donut): each
    // slice named with its count and share, readable without hovering (tiny slices leave no room for a label inside).
    const legenda = (itens: Item[]) => {
      const total = itens.reduce((a, i) => a + i.valores[0]!, 0);
      return (
        <Group gap="sm" justify="center" mt="xs" data-testid="panorama-legenda">
          {itens.filter((i) => i.valores[0]! > 0).map((i) => (
            <Group key={i.chave} gap={4} wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${i.cor!.replace('.', '-')})`} size={10} withShadow={false} />
              <Text size="xs">{i.rotulo}: <b>{numero(i.valores[0]!)}</b> ({parte(i.valores[0]!, total)})</Text>
            </Group>
          ))}
        </Group>
      );
    };
    // Each bar carries its count on top (pt-BR digits), small enough for 24 months of two bars.
    const rotuloBarra = { withBarValueLabel: true, valueLabelProps: { fontSize: 9 } } as const;
    const maiorRotulo = Math.max(1, ...meses.flatMap((m) => m.valores.map((v) => numero(v).length)));
    const cabemRotulos = larguraMeses / (2 * Math.max(meses.length, 1)) >= maiorRotulo * LARGURA_DE_DIGITO;
    corpo = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Quadro titulo={t('relatorio.panorama.situacoes')} testId="panorama-situacoes" cabecalho={[t('relatorio.panorama.situacao')]} itens={situacoes} numero={numero} parte={parte}>
          {rosca(situacoes)}
          {legenda(situacoes)}
        </Quadro>
        <Quadro
          titulo={t('relatorio.panorama.meses')}
          testId="panorama-meses"
          cabecalho={[t('relatorio.panorama.mes'), t('relatorio.panorama.abertas'), t('relatorio.panorama.baixadas')]}
          itens={meses.map((m) => ({ ...m, href: hrefMes(m.chave, false) }))}
          hrefs={meses.map((m) => [hrefMes(m.chave, false), hrefMes(m.chave, true)])}
          numero={numero}
          parte={parte}
        >
          <div ref={refMeses}>
            <BarChart
              h={200}
              data={meses.map((m) => ({ mes: m.rotulo, chave: m.chave, abertas: m.valores[0], baixadas: m.valores[1] }))}
              dataKey="mes"
              series={[{ name: 'abertas', label: t('relatorio.panorama.abertas'), color: 'teal.6' }, { name: 'baixadas', label: t('relatorio.panorama.baixadas'), color: 'red.6' }]}
              valueFormatter={numero}
              {...(cabemRotulos ? rotuloBarra : {})}
              withLegend
              tickLine="y"
              barProps={(s) => ({
                style: { cursor: 'pointer' },
                onClick: (d: { payload?: { chave?: string } }) => d.payload?.chave && ir(hrefMes(d.payload.chave, s.name === 'baixadas')),
              })}
            />
          </div>
        </Quadro>
        <Quadro titulo={t('relatorio.panorama.simplesMei')} testId="panorama-simples" cabecalho={[t('relatorio.panorama.tipo')]} itens={simples} numero={numero} parte={parte}>
          {rosca(simples)}
          {legenda(simples)}
        </Quadro>
        <Quadro titulo={t('relatorio.panorama.pendencias')} testId="panorama-pendencias" cabecalho={[t('relatorio.panorama.criticidade')]} itens={pendencias} numero={numero} parte={parte}>
          <BarChart
            h={200}
            // Each bar in its criticality's colour (§2: Baixa yellow, Média orange, Alta red), as the table's dots.
            data={pendencias.map((c) => ({ criticidade: c.rotulo, quantidade: c.valores[0], href: c.href, color: c.cor }))}
            dataKey="criticidade"
            series={[{ name: 'quantidade', label: t('relatorio.panorama.quantidade'), color: 'orange.6' }]}
            valueFormatter={numero}
            {...rotuloBarra}
            tickLine="y"
            barProps={{ style: { cursor: 'pointer' }, onClick: (d: { payload?: { href?: string } }) => ir(d.payload?.href) }}
          />
        </Quadro>
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="sm" mt="lg" data-testid="panorama">
      <Title order={2}>{t('relatorio.panorama.titulo')}</Title>
      <Text size="sm" c="dimmed">{t('relatorio.panorama.dica')}</Text>
      {corpo}
    </Stack>
  );
}

const mesCurto = (mes: string, lingua: string) => {
  const [a, m] = mes.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(a, m - 1, 1)).toLocaleDateString(lingua, { month: 'short', year: '2-digit', timeZone: 'UTC' });
};

/**
 * One chart with its title, its empty state and its data as a table (the text alternative): the
 * first column links to the report of the row; `hrefs` gives one link per value column instead.
 */
function Quadro(p: { titulo: string; testId: string; cabecalho: string[]; itens: Item[]; hrefs?: (string | undefined)[][]; numero(n: number): string; parte(n: number, total: number): string; children: ReactNode }) {
  const { t } = useTranslation();
  const vazio = p.itens.every((i) => i.valores.every((v) => v === 0));
  const colunas = p.cabecalho.length > 1 ? p.cabecalho.slice(1) : [t('relatorio.panorama.quantidade')];
  // One-value charts (the donuts, the criticalities) also say each row's share of the whole.
  const total = p.cabecalho.length > 1 ? 0 : p.itens.reduce((a, i) => a + i.valores[0]!, 0);
  return (
    <Paper withBorder p="md" data-testid={p.testId}>
      <Title order={3} size="h5" mb="sm">{p.titulo}</Title>
      {vazio ? <Text c="dimmed" py="lg" ta="center">{t('relatorio.panorama.vazio')}</Text> : p.children}
      <details style={{ marginTop: 8 }}>
        <summary style={{ cursor: 'pointer', fontSize: 14 }}>{t('relatorio.panorama.verTabela')}</summary>
        <Table striped mt="xs" fz="sm">
          <Table.Caption>{p.titulo}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{p.cabecalho[0]}</Table.Th>
              {colunas.map((c) => <Table.Th key={c} scope="col" ta="right">{c}</Table.Th>)}
              {total > 0 && <Table.Th scope="col" ta="right">{t('relatorio.panorama.participacao')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.itens.map((item, l) => (
              <Table.Tr key={item.chave}>
                <Table.Th scope="row" fw="normal">
                  {!p.hrefs && item.href ? <Anchor component={Link} to={item.href}>{item.rotulo}</Anchor> : item.rotulo}
                </Table.Th>
                {item.valores.map((v, k) => {
                  const href = p.hrefs?.[l]?.[k];
                  return <Table.Td key={k} ta="right">{href ? <Anchor component={Link} to={href}>{p.numero(v)}</Anchor> : p.numero(v)}</Table.Td>;
                })}
                {total > 0 && <Table.Td ta="right">{p.parte(item.valores[0]!, total)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </details>
    </Paper>
  );
}
