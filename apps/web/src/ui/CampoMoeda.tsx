import { TextInput, type TextInputProps } from '@mantine/core';
import { formatDecimal } from '@cadastro/domain';
import { moedaDigitada } from './mascaras';

/** A money field: shown and typed as pt-BR (R$ 50.000,00, the cents mask), kept as the API's decimal. */
export function CampoMoeda({ value, onChange, ...p }: Omit<TextInputProps, 'value' | 'onChange'> & { value: string | null; onChange(v: string | null): void }) {
  return (
    <TextInput {...p} leftSection="R$" inputMode="numeric" placeholder="0,00" value={value === null ? '' : formatDecimal(value)}
      onChange={(e) => onChange(moedaDigitada(e.currentTarget.value))} />
  );
}
