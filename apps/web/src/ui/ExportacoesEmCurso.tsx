import { useEffect, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Group, Loader, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { formatInteiro } from '@cadastro/domain';
import { useExportar } from './documentos';
import { exportacoes, type Exportacao } from './exportacoes';

/**
 * Every export under way, from its first moment to its file (a report's PDF: reading, then laying out its
 * rows, with the seconds so far), and every export refused, in the page — a PDF too big with its spreadsheet
 * offered. Sits with the page's alerts, so whichever screen printed shows it.
 */
export function ExportacoesEmCurso() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { emCurso, recusas } = useSyncExternalStore(exportacoes.subscribe, exportacoes.atual);
  const { baixarPlanilha } = useExportar();
  const [agora, setAgora] = useState(() => Date.now());
  useEffect(() => {
    if (!emCurso.length) return;
    const id = setInterval(() => setAgora(Date.now()), 1000);
    return () => clearInterval(id);
  }, [emCurso.length]);
  // A refusal belongs to the screen that asked.
  useEffect(() => () => exportacoes.limparRecusas(), [pathname]);

  const texto = (x: Exportacao) => {
    const p = { s: formatInteiro(Math.max(0, Math.round((agora - x.inicio) / 1000))), kb: formatInteiro(Math.round(x.bytes / 1024)), n: formatInteiro(x.linhas ?? 0) };
    if (x.tipo === 'xlsx') return t('documento.baixandoPlanilha', p);
    if (x.fase === 'consultando') return t('documento.lendoRegistros', p);
    if (x.fase === 'montando') return t('documento.montandoPdf', p);
    return t('documento.baixandoPdf', p);
  };

  return (
    <>
      {emCurso.map((x) => (
        <Paper key={x.id} withBorder p="xs" role="status" data-testid="exportacao-progresso">
          <Group gap="xs" wrap="nowrap"><Loader size="xs" /><Text size="sm">{texto(x)}</Text></Group>
        </Paper>
      ))}
      {recusas.map((r) => (
        <Alert key={r.id} color="red" role="alert" data-testid="exportacao-recusa" withCloseButton closeButtonLabel={t('global.close')} onClose={() => exportacoes.dispensar(r.id)}>
          <Group gap="sm" justify="space-between">
            <Text size="sm">{r.texto}</Text>
            {r.planilha && (
              <Button size="compact-sm" variant="white" onClick={() => { const { href, arquivo } = r.planilha!; void baixarPlanilha(href, undefined, arquivo).then((ok) => ok && exportacoes.dispensar(r.id)); }}>
                {t('documento.baixarPlanilha')}
              </Button>
            )}
          </Group>
        </Alert>
      ))}
    </>
  );
}
