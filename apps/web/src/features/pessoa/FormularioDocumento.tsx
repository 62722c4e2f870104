import { Button, Group, Paper, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { mascararDocumento } from '../../ui/mascaras';
import { erroDocumento } from './documento';

/** A person's CPF or CNPJ typed with its mask and the button that looks it up (Enter too), disabled while invalid. */
export function FormularioDocumento({ documento, onChange, erro, botao, carregando, onConsultar }: {
  documento: string;
  /** The typed text, masked. */
  onChange(documento: string): void;
  /** The field's hint, when the page shows one. */
  erro: string | undefined;
  botao: string;
  carregando: boolean;
  onConsultar(): void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg">
      <form onSubmit={(e) => { e.preventDefault(); onConsultar(); }} noValidate>
        <Group align="flex-start">
          <TextInput
            label={t('pessoa.busca.documento')}
            withAsterisk
            autoFocus
            value={documento}
            placeholder={t('pessoa.busca.placeholder')}
            onChange={(e) => onChange(mascararDocumento(e.currentTarget.value))}
            error={erro}
            w={300}
          />
          <Button type="submit" mt={25} disabled={!!erroDocumento(documento)} loading={carregando}>{botao}</Button>
        </Group>
      </form>
    </Paper>
  );
}
