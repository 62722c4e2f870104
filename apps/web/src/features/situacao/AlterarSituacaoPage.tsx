import { useState } from 'react';
import { Alert, Anchor, Button, Group, List, Paper, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AlteracaoSituacaoRealizada, SituacaoPessoa } from '@cadastro/domain';
import { formatCaceal, formatCnpj, motivoPermitido, REGISTRY_API_BASE, SITUACAO, SITUACOES_FINAIS, violacaoReativacao } from '@cadastro/domain';
import { Campo } from '../../ui/Campo';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { RecordState } from '../../ui/NotFound';
import { DataTable } from '../../ui/DataTable';
import { StatusBadge } from '../../ui/StatusBadge';
import { useAlerts } from '../../ui/alerts';
import { formatDay } from '../../ui/format';
import { http } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';
import { Caceal } from '../../ui/Caceal';

interface Opcao { id: number; descricao: string }

/** §2 alterarSituacaoCnpj/{numeroPessoa}: the company's registrations and 'Nova Situação Cadastral'. */
export default function AlterarSituacaoPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const qc = useQueryClient();
  const numeroPessoa = Number(useParams().numeroPessoa);
  const [situacao, setSituacao] = useState<string | null>(null);
  const [motivo, setMotivo] = useState<string | null>(null);
  const [salvando, setSalvando] = useState(false);
  const [confirmando, setConfirmando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['situacaoPessoa', numeroPessoa],
    queryFn: () => http.get<SituacaoPessoa>(`${REGISTRY_API_BASE}/contribuinte/situacaoPessoa/${numeroPessoa}`, { silent: true }),
  });
  const situacoes = useQuery({ queryKey: ['listarSituacoesPessoa'], queryFn: () => http.get<Opcao[]>(`${REGISTRY_API_BASE}/contribuinte/listarSituacoesPessoa`) });
  // §4: the reason list loads when a status is chosen and stays disabled until then.
  const motivos = useQuery({
    queryKey: ['listarMotivosPessoaBySituacao', situacao],
    queryFn: () => http.get<Opcao[]>(`${REGISTRY_API_BASE}/contribuinte/listarMotivosPessoaBySituacao/${situacao}`),
    enabled: !!situacao,
  });
  const d = q.data;
  const vivos = d?.contribuintes.filter((c) => !SITUACOES_FINAIS.includes(c.idSituacao)) ?? [];
  // Only reasons every live registration may take (the server applies the same rule).
  const motivosPermitidos = (motivos.data ?? []).filter((m) => vivos.length > 0 && vivos.every((c) => motivoPermitido(m.id, c.idSituacao)));
  // Issue 30: reactivating while the CNPJ is not ATIVA at the Receita — the dialog says so, and confirming sends confirmarCnpjInapto.
  const avisoCnpj = d && situacao && vivos.some((c) => c.idSituacao !== SITUACAO.ATIVO) ? violacaoReativacao(d.situacaoPj, Number(situacao), false) : null;
  const cancelar = () => { setSituacao(null); setMotivo(null); setErro(null); };
  const salvar = async () => {
    if (!d || !situacao || !motivo) return;
    setSalvando(true);
    setErro(null);
    try {
      const r = await http.post<AlteracaoSituacaoRealizada>(`${REGISTRY_API_BASE}/contribuinte/alterarSituacaoPessoa`, {
        numeroPessoa, sequencialSituacaoPessoa: Number(situacao), sequencialMotivoPessoa: Number(motivo),
        versoes: d.contribuintes.map((c) => ({ numeroCaceal: c.numeroCaceal, version: c.version })),
        ...(avisoCnpj ? { confirmarCnpjInapto: true } : {}),
      }, { silent: true });
      // The server's code, worded in the session's language.
      alerts.success(t(`situacao.alterar.realizada.${r.codigo}`));
      cancelar();
      await qc.invalidateQueries({ queryKey: ['situacaoPessoa', numeroPessoa] });
    } catch (e) {
      setErro(httpErrorMessage(e, t));
    } finally {
      setSalvando(false);
      setConfirmando(false);
    }
  };
  const nomeSituacao = situacoes.data?.find((s) => String(s.id) === situacao)?.descricao ?? '';
  const nomeMotivo = motivosPermitidos.find((m) => String(m.id) === motivo)?.descricao ?? '';
  return (
    <Stack py="md">
      <Group justify="space-between">
        <Title order={1}>{t('situacao.alterar.title')}</Title>
        <Anchor component={Link} to="/alterarSituacaoCnpj">{t('contribuinte.detalhe.novaConsulta')}</Anchor>
      </Group>
      <RecordState query={q}>
        {(d) => (
          <>
            <Paper withBorder p="md" bg="gray.0">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Campo rotulo="CNPJ" valor={formatCnpj(d.cnpj)} />
                <Campo rotulo={t('contribuinte.razaoSocial')} valor={d.razaoSocial} />
                <Campo rotulo={t('situacao.alterar.situacaoPj')} valor={d.situacaoPj} />
              </SimpleGrid>
            </Paper>
            <DataTable
              caption={t('situacao.alterar.inscricoes')}
              rows={d.contribuintes}
              rowKey={(c) => c.numeroCaceal}
              emptyText={t('global.noRecords')}
              columns={[
                { key: 'caceal', header: t('contribuinte.caceal'), render: (c) => <Caceal numero={c.numeroCaceal} digito={c.digitoCaceal} /> },
                { key: 'situacao', header: t('fic.situacao'), render: (c) => <StatusBadge status={c.situacaoCadastral} /> },
                { key: 'motivo', header: t('contribuinte.motivo'), render: (c) => c.motivoSituacaoCadastral ?? '' },
                { key: 'data', header: t('contribuinte.dataSituacao'), render: (c) => formatDay(c.dataSituacao) },
              ]}
            />
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">{t('situacao.alterar.nova')}</Title>
              {vivos.length === 0 ? (
                <Alert color="gray">{t('situacao.alterar.nenhumaViva')}</Alert>
              ) : (
                <Stack>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <Select
                      label={t('fic.situacao')}
                      placeholder={t('global.select')}
                      data={(situacoes.data ?? []).map((s) => ({ value: String(s.id), label: s.descricao }))}
                      value={situacao}
                      onChange={(v) => { setSituacao(v); setMotivo(null); }}
                      required
                    />
                    <Select
                      label={t('contribuinte.motivo')}
                      placeholder={t('global.select')}
                      data={motivosPermitidos.map((m) => ({ value: String(m.id), label: m.descricao }))}
                      value={motivo}
                      onChange={setMotivo}
                      disabled={!situacao || motivos.isFetching}
                      nothingFoundMessage={t('situacao.alterar.semMotivo')}
                      description={situacao && !motivos.isFetching && motivosPermitidos.length === 0 ? t('situacao.alterar.semMotivo') : undefined}
                      required
                    />
                  </SimpleGrid>
                  {erro && <Alert color="red" role="alert">{erro}</Alert>}
                  <Group justify="flex-end">
                    <Button variant="default" onClick={cancelar}>{t('entity.action.cancel')}</Button>
                    {/* A legal change of every live registration: asked first, naming them. */}
                    <Button onClick={() => setConfirmando(true)} disabled={!situacao || !motivo} loading={salvando} data-testid="situacao-salvar">{t('entity.action.save')}</Button>
                  </Group>
                </Stack>
              )}
            </Paper>
          </>
        )}
      </RecordState>
      <ConfirmDialog
        opened={confirmando}
        title={t('confirmacao.alterarSituacao.title')}
        message={t('confirmacao.alterarSituacao.message', { situacao: nomeSituacao, motivo: nomeMotivo })}
        details={
          <Stack gap="xs">
            {avisoCnpj && <Alert color="orange" role="alert" data-testid="aviso-cnpj-inapto">{t(`validation.${avisoCnpj.regra}`, { n: avisoCnpj.n })}</Alert>}
            <List size="sm" data-testid="confirmar-caceais">
              {vivos.map((c) => <List.Item key={c.numeroCaceal}>{t('confirmacao.alterarSituacao.item', { caceal: formatCaceal(c.numeroCaceal, c.digitoCaceal), situacao: c.situacaoCadastral })}</List.Item>)}
            </List>
          </Stack>
        }
        confirmLabel={t('entity.action.save')}
        onConfirm={() => void salvar()}
        onDeny={() => setConfirmando(false)}
        loading={salvando}
      />
    </Stack>
  );
}
