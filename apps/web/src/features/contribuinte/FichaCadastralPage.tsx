import { useState, type ComponentType } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatCaceal } from '@cadastro/domain';
import { useAbrirPdf } from '../../ui/documentos';
import { RecordState } from '../../ui/NotFound';
import { isNotFound } from '../../ui/queries';
import { FICHA_PDF_URL, useDadosCadastrais, useDadosPorCaceal } from './api';
import { DadosCadastraisAba, Secao } from './DadosCadastrais';
import { AtividadesAba, ContadorAba, EditaisAba, ProcuradoresAba, ResponsavelAba, SociosAba } from './Abas';

/** §2 "Printable sheet sections" after the registration data, each loading by its own call. */
const BLOCOS: [string, ComponentType<{ numeroPessoa: number; caceal: number | undefined }>][] = [
  ['contribuinte.ficha.atividade', AtividadesAba],
  ['contribuinte.abas.contador', ContadorAba],
  ['contribuinte.ficha.procurador', ProcuradoresAba],
  ['contribuinte.abas.editais', EditaisAba],
  ['contribuinte.abas.responsavel', ResponsavelAba],
  ['contribuinte.abas.socios', SociosAba],
];

/** fichaimprimivel/{caceal} and /ficha-cadastral/{number}: the printable registration sheet. */
export default function FichaCadastralPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const porCaceal = params.caceal !== undefined;
  const qCaceal = useDadosPorCaceal(Number(params.caceal), porCaceal);
  const qPessoa = useDadosCadastrais(Number(params.number), undefined, !porCaceal);
  const q = porCaceal ? qCaceal : qPessoa;
  const d = isNotFound(q.error) ? undefined : q.data;
  const abrirPdf = useAbrirPdf();
  const [imprimindo, setImprimindo] = useState(false);
  const imprimir = async () => {
    if (!d) return;
    setImprimindo(true);
    await abrirPdf(FICHA_PDF_URL, { numeroCaceal: d.numeroCaceal, numeroPessoa: d.numeroPessoa, numeroPessoaRaiz: d.numeroPessoaRaiz }, `ficha-cadastral-${d.numeroCaceal}.pdf`);
    setImprimindo(false);
  };
  return (
    <Stack py="md">
      <Group justify="space-between">
        <div>
          <Title order={1}>{t('contribuinte.ficha.title')}</Title>
          {d && <Text c="dimmed">{formatCaceal(d.numeroCaceal, d.identificacao.digitoCaceal)} · {d.identificacao.razaoSocial}</Text>}
        </div>
        <Group>
          <Button onClick={() => void imprimir()} disabled={!d} loading={imprimindo}>{t('fic.imprimir')}</Button>
          <Anchor component="button" type="button" onClick={() => void navigate(-1)}>{t('entity.action.back')}</Anchor>
        </Group>
      </Group>
      <RecordState query={q}>
        {(d) => (
          <>
            <DadosCadastraisAba d={d} completa />
            {BLOCOS.map(([titulo, Bloco]) => (
              <Secao key={titulo} titulo={t(titulo)}>
                <Bloco numeroPessoa={d.numeroPessoa} caceal={d.numeroCaceal} />
              </Secao>
            ))}
          </>
        )}
      </RecordState>
    </Stack>
  );
}
