import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Code, Group, Image, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SegundoFatorInscricao, SegundoFatorInscrito } from '@cadastro/domain';
import { http } from '../../ui/http';
import { useSession } from '../../ui/session';
import { tomarDesafio } from './desafio';
import { useAposEntrar } from './aposEntrar';
import { CampoCodigo, falhaDoCodigo } from './CampoCodigo';

type Etapa =
  | { tipo: 'sem-desafio' }
  | { tipo: 'carregando' }
  | { tipo: 'ler'; inscricao: SegundoFatorInscricao }
  | { tipo: 'codigos'; codigos: string[] };

/**
 * segundo-fator/inscricao (issue #41 §3): a staff account without a second factor lands here after its
 * password. The QR code (drawn by the server) and the key as text; the first code confirms it and signs
 * in; the recovery codes are shown this once.
 */
export default function SegundoFatorPage() {
  const { t } = useTranslation();
  const session = useSession();
  const aposEntrar = useAposEntrar();
  // Taken once on the first render: the challenge lives in this screen's state from then on.
  const [desafio] = useState(tomarDesafio);
  const [etapa, setEtapa] = useState<Etapa>(desafio ? { tipo: 'carregando' } : { tipo: 'sem-desafio' });
  const [codigo, setCodigo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  // One secret per visit: a second request (StrictMode's double effect) would replace the one shown.
  const pedido = useRef(false);
  useEffect(() => {
    if (!desafio || pedido.current) return;
    pedido.current = true;
    http
      .post<SegundoFatorInscricao>('/api/authenticate/segundo-fator/inscricao/inicio', { desafio: desafio.desafio }, { silent: true })
      .then((inscricao) => setEtapa({ tipo: 'ler', inscricao }))
      .catch(() => setEtapa({ tipo: 'sem-desafio' }));
  }, [desafio]);

  const confirmar = async () => {
    if (!desafio) return;
    setErro(null);
    setEnviando(true);
    try {
      const r = await http.post<SegundoFatorInscrito>('/api/authenticate/segundo-fator/inscricao', { desafio: desafio.desafio, codigo }, { silent: true });
      await session.adopt(r.id_token, desafio.rememberMe);
      setEtapa({ tipo: 'codigos', codigos: r.codigosRecuperacao });
    } catch (e) {
      setErro(falhaDoCodigo(e));
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Stack py="md" maw={640}>
      <Title order={1}>{t('segundoFator.inscricao.titulo')}</Title>
      {etapa.tipo === 'sem-desafio' && (
        <>
          <Alert color="yellow" role="alert">{t('segundoFator.inscricao.semDesafio')}</Alert>
          <Group>
            <Button onClick={session.openLogin}>{t('segundoFator.inscricao.entrar')}</Button>
          </Group>
        </>
      )}
      {etapa.tipo === 'carregando' && <Text>{t('segundoFator.inscricao.carregando')}</Text>}
      {etapa.tipo === 'ler' && (
        <Paper withBorder p="lg">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void confirmar();
            }}
            noValidate
          >
            <Stack>
              <Text>{t('segundoFator.inscricao.explicacao')}</Text>
              <Text fw={700}>{t('segundoFator.inscricao.passo1')}</Text>
              <Image src={etapa.inscricao.qrCode} alt={t('segundoFator.inscricao.qrAlt')} w={220} h={220} fit="contain" />
              <div>
                <Text size="sm" fw={700}>{t('segundoFator.inscricao.chave')}</Text>
                <Code data-testid="segredo-totp" style={{ overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-md)' }}>{etapa.inscricao.segredo}</Code>
              </div>
              <Text fw={700}>{t('segundoFator.inscricao.passo2')}</Text>
              {erro && <Alert color="red" role="alert">{t(erro)}</Alert>}
              <CampoCodigo value={codigo} onChange={setCodigo} />
              <Group>
                <Button type="submit" loading={enviando} disabled={!/^\d{6}$/.test(codigo.trim())}>{t('segundoFator.inscricao.confirmar')}</Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
      {etapa.tipo === 'codigos' && (
        <Paper withBorder p="lg">
          <Stack>
            <Title order={2} size="h3">{t('segundoFator.recuperacao.titulo')}</Title>
            <Alert color="yellow">{t('segundoFator.recuperacao.aviso')}</Alert>
            <List data-testid="codigos-recuperacao" ff="monospace">
              {etapa.codigos.map((c) => <List.Item key={c}>{c}</List.Item>)}
            </List>
            <Group>
              {/* The label wraps on a phone rather than being cut off. */}
              <Button onClick={aposEntrar} h="auto" mih={36} py={6} styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}>{t('segundoFator.recuperacao.continuar')}</Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
