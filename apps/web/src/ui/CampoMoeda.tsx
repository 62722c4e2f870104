import { TextInput, type TextInputProps } from '@mantine/core';
import { moedaDigitada, moedaExibida } from './mascaras';

/** A money field: shown and typed as pt-BR (R$ 50.000,00, the cents mask), kept as the API's decimal
 * string end to end (no JS number in between: issue #39 §9). */
export function CampoMoeda({ value, onChange, ...p }: Omit<TextInputProps, 'value' | 'onChange'> & { value: string | null; onChange(v: string | null): void }) {
  return (
    <TextInput {...p} leftSection="R$" inputMode="numeric" placeholder="0,00" value={moedaExibida(value)}
      onChange={(e) => onChange(moedaDigitada(e.currentTarget.value, value))} />
  );
}
