import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chaveVinculo, TIPOS_DOCUMENTO_VINCULADO } from '@cadastro/domain';
import { DataTable } from '../../ui/DataTable';
import { ItemCount, Pagination } from '../../ui/Pagination';
import { ListaCacealDialog } from './ListaCacealDialog';
import { Caceal } from '../../ui/Caceal';

export interface Vinculado {
  numeroCaceal: number;
  digitoCaceal?: number;
  razaoSocial?: string;
  situacaoCadastral?: string;
  numeroDocumentoVinculado: string | null;
  tipoDocumentoVinculado: number | null;
  observacao: string | null;
}

const POR_PAGINA = 50;

/** The notice's linked taxpayers: the list (50 a page), removal, and the CACEAL-list dialog that adds to it. */
export function Vinculados({ linhas, editavel, onChange }: { linhas: Vinculado[]; editavel: boolean; onChange(v: Vinculado[]): void }) {
  const { t } = useTranslation();
  const [dialogo, setDialogo] = useState(false);
  // A notice may name thousands of registrations: the list is paged here (it is all in memory).
  const [pagina, setPagina] = useState(1);
  const ultima = Math.max(1, Math.ceil(linhas.length / POR_PAGINA));
  const atual = Math.min(pagina, ultima);
  const adicionar = (novas: Vinculado[]) => {
    const vistos = new Set(linhas.map(chaveVinculo));
    onChange([...linhas, ...novas.filter((n) => !vistos.has(chaveVinculo(n)) && !!vistos.add(chaveVinculo(n)))]);
  };
  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">{t('edital.form.vinculados', { n: linhas.length })}</Title>
          {editavel && <Button variant="light" onClick={() => setDialogo(true)} data-testid="edital-incluir-lista">{t('edital.form.incluirLista')}</Button>}
        </Group>
        <DataTable
          rows={linhas.slice((atual - 1) * POR_PAGINA, atual * POR_PAGINA)}
          rowKey={(v) => chaveVinculo(v)}
          emptyText={t('edital.form.nenhumVinculado')}
          caption={t('edital.form.vinculados', { n: linhas.length })}
          columns={[
            { key: 'caceal', header: t('edital.lista.col.caceal'), render: (v) => <Caceal numero={v.numeroCaceal} digito={v.digitoCaceal} /> },
            { key: 'razao', header: t('edital.lista.col.razaoSocial'), render: (v) => v.razaoSocial ?? '' },
            { key: 'situacao', header: t('edital.lista.col.situacao'), render: (v) => v.situacaoCadastral ?? '' },
            { key: 'doc', header: t('edital.lista.col.documento'), render: (v) => (v.numeroDocumentoVinculado ? `${TIPOS_DOCUMENTO_VINCULADO.find((x) => x.id === v.tipoDocumentoVinculado)?.descricao ?? ''} ${v.numeroDocumentoVinculado}` : '') },
            { key: 'obs', header: t('edital.lista.col.observacao'), render: (v) => v.observacao ?? '' },
            ...(editavel
              ? [{
                  key: 'remover', header: '', render: (v: Vinculado) => (
                    <ActionIcon variant="subtle" color="red" aria-label={t('edital.form.remover', { caceal: v.numeroCaceal })} onClick={() => onChange(linhas.filter((x) => x !== v))}>
                      <span aria-hidden>✕</span>
                    </ActionIcon>
                  ),
                }]
              : []),
          ]}
        />
        <ItemCount page={atual} total={linhas.length} pageSize={POR_PAGINA} />
        <Pagination page={atual} total={linhas.length} pageSize={POR_PAGINA} onChange={setPagina} />
      </Stack>
      <ListaCacealDialog
        opened={dialogo}
        onClose={() => setDialogo(false)}
        onOk={(l) => adicionar(l.map((x) => ({ numeroCaceal: x.numeroCaceal!, digitoCaceal: x.digitoCaceal, razaoSocial: x.razaoSocial, situacaoCadastral: x.situacaoCadastral, numeroDocumentoVinculado: x.numeroDocumentoVinculado, tipoDocumentoVinculado: x.tipoDocumentoVinculado, observacao: x.observacao })))}
      />
    </Paper>
  );
}
