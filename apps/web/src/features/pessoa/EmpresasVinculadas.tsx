import { useState } from 'react';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDocumento, type EmpresaVinculada, type VinculoEmpresa } from '@cadastro/domain';
import { DataTable } from '../../ui/DataTable';
import { ItemCount, Pagination } from '../../ui/Pagination';
import { httpErrorMessage } from '../../ui/errors';
import { StatusBadge } from '../../ui/StatusBadge';
import { useEmpresasVinculadas } from './api';
import { Bloco } from './Blocos';
import { Caceal } from '../../ui/Caceal';

const POR_PAGINA = 20;

/**
 * Companies linked to the person, 20 a page from the server (#32: a person in charge of hundreds of
 * companies got one 25,300-pixel table), with the filter by CACEAL, CNPJ or name once there is more
 * than a page; a row opens that taxpayer (contribuinte/{caceal}/{numeroPessoa}).
 */
export function EmpresasTabela(p: { titulo: string; numeroPessoa: number; vinculo: VinculoEmpresa; testId: string; qualificacao?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pagina, setPagina] = useState(1);
  const [filtro, setFiltro] = useState('');
  const [texto, setTexto] = useState('');
  const q = useEmpresasVinculadas(p.numeroPessoa, p.vinculo, { page: pagina, size: POR_PAGINA, filtro });
  const total = q.data?.totalElements ?? 0;
  const e = 'pessoa.empresas';
  const filtrar = () => { setFiltro(texto.trim()); setPagina(1); };
  return (
    <Bloco titulo={p.titulo} testId={p.testId}>
      {(filtro || total > POR_PAGINA) && (
        // No <form>: the person page around it is one (its Enter saves the person); Enter here filters.
        <Group align="flex-end">
          <TextInput label={t(`${e}.filtro`)} placeholder={t(`${e}.filtroDica`)} value={texto} onChange={(ev) => setTexto(ev.currentTarget.value)} maxLength={100} w={360}
            onKeyDown={(ev) => { if (ev.key === 'Enter') { ev.preventDefault(); filtrar(); } }} />
          <Button variant="default" onClick={filtrar}>{t(`${e}.filtrar`)}</Button>
        </Group>
      )}
      {q.isError && <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>}
      <DataTable
        caption={p.titulo}
        rows={q.data?.content}
        loading={q.isFetching}
        rowKey={(x) => x.numeroPessoa}
        emptyText={t(`${e}.vazio`)}
        onRowClick={(x) => void navigate(x.numeroCaceal ? `/contribuinte/${x.numeroCaceal}/${x.numeroPessoa}` : `/contribuinte/${x.numeroPessoa}`)}
        columns={[
          { key: 'caceal', header: t(`${e}.caceal`), render: (x) => (x.numeroCaceal ? <Caceal numero={x.numeroCaceal} digito={x.digitoCaceal} /> : '—') },
          { key: 'cnpj', header: t(`${e}.cnpj`), render: (x) => formatDocumento(x.cnpj) },
          { key: 'razao', header: t(`${e}.razaoSocial`), render: (x) => x.razaoSocial },
          ...(p.qualificacao === false ? [] : [{ key: 'qualificacao', header: t(`${e}.qualificacao`), render: (x: EmpresaVinculada) => x.qualificacao ?? '' }]),
          { key: 'situacao', header: t(`${e}.situacao`), render: (x) => (x.situacaoCadastral ? <StatusBadge status={x.situacaoCadastral} /> : '—') },
        ]}
      />
      <ItemCount page={pagina} total={total} pageSize={POR_PAGINA} />
      <Pagination page={pagina} total={total} pageSize={POR_PAGINA} onChange={setPagina} />
    </Bloco>
  );
}
