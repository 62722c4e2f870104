import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { crcCompacto, formatCrcTexto, partesCrc, type CrcClassificacao } from '@cadastro/domain';
import { useClassificacoes } from './api';

interface Props {
  inicial?: Partial<CrcClassificacao>;
  botao: string;
  /** §8 text when a field is missing ('…para continuar.' on the login, '…para consultar.' on the staff query). */
  informe: string;
  carregando?: boolean;
  onSubmit(p: CrcClassificacao): void;
}

/**
 * CRC + classification (the three of §9): the accountant parameters of the area. The CRC is shown the one
 * way the app writes it everywhere (CRC-AL 179190/O-9), typed that way or bare (AL179190O9), sent compact.
 */
export function CrcForm({ inicial, botao, informe, carregando, onSubmit }: Props) {
  const { t } = useTranslation();
  const cls = useClassificacoes();
  const [crc, setCrc] = useState(formatCrcTexto(inicial?.crc));
  const [classificacao, setClassificacao] = useState<string | null>(inicial?.classificacao ? String(inicial.classificacao) : null);
  const [tentou, setTentou] = useState(false);
  const crcErro = !crc.trim() ? t('contador.confirmacao.crcObrigatorio') : !partesCrc(crc) ? t('contador.confirmacao.crcFormato') : null;
  const clErro = !classificacao ? t('contador.confirmacao.classificacaoObrigatoria') : null;
  const enviar = () => {
    setTentou(true);
    if (crcErro || clErro) return;
    onSubmit({ crc: crcCompacto(partesCrc(crc)!), classificacao: Number(classificacao) });
  };
  return (
    <Paper withBorder p="lg">
      {tentou && (!crc.trim() || !classificacao) && <Alert color="yellow" role="alert" mb="md">{t(informe)}</Alert>}
      {cls.isError && <Alert color="red" role="alert" mb="md">{t('contador.confirmacao.erroClassificacoes')}</Alert>}
      <form onSubmit={(e) => { e.preventDefault(); enviar(); }} noValidate>
        <Group align="flex-start">
          <TextInput
            label={t('contador.confirmacao.crc')}
            withAsterisk
            autoFocus
            maxLength={20}
            value={crc}
            placeholder="CRC-AL 123456/O-9"
            description={t('contador.confirmacao.crcDica')}
            onChange={(e) => setCrc(e.currentTarget.value.toUpperCase())}
            onBlur={() => setCrc(formatCrcTexto(crc.trim()))}
            error={tentou ? crcErro : undefined}
            w={300}
          />
          <Select
            label={t('contador.confirmacao.classificacao')}
            withAsterisk
            data={(cls.data ?? []).map((c) => ({ value: String(c.id), label: c.descricao }))}
            value={classificacao}
            onChange={setClassificacao}
            error={tentou ? clErro : undefined}
            w={260}
          />
          <Button type="submit" mt={{ base: 0, sm: 44 }} loading={carregando}>{botao}</Button>
        </Group>
      </form>
    </Paper>
  );
}
