import { useState } from 'react';
import { Group, Paper, Stack, Text, TextInput, Button, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatCpf, onlyDigits } from '@cadastro/domain';
import { DataTable } from '../../ui/DataTable';
import { formatInstant } from '../../ui/format';
import { Pagination } from '../../ui/Pagination';
import { useLeituras } from './api';

/** LGPD (Administração): who read which individual's page, by CPF or by user; the filter lives in the URL. */
export default function LeiturasPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const cpf = search.get('cpf') ?? '';
  const login = search.get('login') ?? '';
  const page = Number(search.get('page') ?? '1') || 1;
  const [cpfDigitado, setCpf] = useState(formatCpf(cpf));
  const [loginDigitado, setLogin] = useState(login);
  const q = useLeituras({ cpf: cpf || undefined, login: login || undefined, page });
  const consultar = () => {
    const p: Record<string, string> = {};
    if (onlyDigits(cpfDigitado)) p.cpf = onlyDigits(cpfDigitado);
    if (loginDigitado.trim()) p.login = loginDigitado.trim();
    setSearch(p);
  };
  return (
    <Stack py="md">
      <Title order={1}>{t('pessoa.leituras.title')}</Title>
      <Text>{t('pessoa.leituras.ajuda')}</Text>
      <Paper withBorder p="lg">
        <form onSubmit={(e) => { e.preventDefault(); consultar(); }} noValidate>
          <Group align="flex-end">
            <TextInput label={t('pessoa.leituras.cpf')} value={cpfDigitado} onChange={(e) => setCpf(formatCpf(e.currentTarget.value))} placeholder="999.999.999-99" w={200} />
            <TextInput label={t('pessoa.leituras.login')} value={loginDigitado} onChange={(e) => setLogin(e.currentTarget.value)} maxLength={50} w={200} />
            <Button type="submit" disabled={!onlyDigits(cpfDigitado) && !loginDigitado.trim()}>{t('pessoa.leituras.consultar')}</Button>
          </Group>
        </form>
      </Paper>
      {!cpf && !login && <Text c="dimmed">{t('pessoa.leituras.informe')}</Text>}
      {(cpf || login) && (
        <>
          <DataTable
            caption={t('pessoa.leituras.title')}
            rows={q.data?.content}
            loading={q.isPending}
            error={q.isError}
            rowKey={(_, i) => i}
            emptyText={t('global.noRecords')}
            columns={[
              { key: 'data', header: t('pessoa.leituras.data'), render: (r) => formatInstant(r.dataLeitura) },
              { key: 'login', header: t('pessoa.leituras.login'), render: (r) => r.login },
              { key: 'cpf', header: t('pessoa.leituras.cpf'), render: (r) => formatCpf(r.cpf) },
              { key: 'tela', header: t('pessoa.leituras.tela'), render: (r) => r.tela },
            ]}
          />
          {q.data && <Text data-testid="leituras-total">{t('pessoa.leituras.total', { n: q.data.totalElements })}</Text>}
          {q.data && <Pagination page={page} total={q.data.totalElements} pageSize={20} onChange={(n) => setSearch({ ...Object.fromEntries(search), page: String(n) })} />}
        </>
      )}
    </Stack>
  );
}
