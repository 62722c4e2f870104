import { useState } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ContadorArea, CrcClassificacao } from '@cadastro/domain';
import { CARRY_ALERTS } from '../../ui/alerts';
import { confirmarContador, mensagemContador } from './api';
import { CrcForm } from './CrcForm';
import { RecadastroModal } from './RecadastroModal';

/**
 * §2 manifestacao-contador/contador: 'Confirmação' by CRC + classification. The server accepts only
 * the signed-in account's own accountant (docs/api-contract.md, "Accountant area"); without a re-registration the
 * required modal comes first, then the statements.
 */
export default function ConfirmacaoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [erro, setErro] = useState<string | null>(null);
  const [carregando, setCarregando] = useState(false);
  const [pendente, setPendente] = useState<{ p: CrcClassificacao; contador: ContadorArea } | null>(null);
  // The re-registration's success alert goes along (a route change clears the alerts otherwise).
  const irParaManifestacoes = (p: CrcClassificacao) =>
    void navigate(`/manifestacao-contador/manifestacao?crc=${encodeURIComponent(p.crc)}&classificacao=${p.classificacao}`, { state: CARRY_ALERTS });

  const entrar = async (p: CrcClassificacao) => {
    setErro(null);
    setCarregando(true);
    try {
      const c = await confirmarContador(p);
      if (c.recadastrado) irParaManifestacoes(p);
      else setPendente({ p, contador: c });
    } catch (e) {
      setErro(mensagemContador(e, t, 'contador.confirmacao.erro'));
    } finally {
      setCarregando(false);
    }
  };
  return (
    <Stack py="md" maw={900}>
      <Title order={1}>{t('contador.confirmacao.title')}</Title>
      {erro && <Alert color="red" role="alert" data-testid="erro-contador">{erro}</Alert>}
      <CrcForm botao={t('contador.confirmacao.entrar')} informe="contador.confirmacao.informe" carregando={carregando} onSubmit={(p) => void entrar(p)} />
      {pendente && (
        <RecadastroModal
          crc={pendente.p}
          email={pendente.contador.email}
          inicial={pendente.contador.recadastro}
          onCancel={() => setPendente(null)}
          onSaved={() => irParaManifestacoes(pendente.p)}
        />
      )}
    </Stack>
  );
}
