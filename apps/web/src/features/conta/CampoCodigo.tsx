import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../ui/http';

/**
 * The code field of both second-factor steps: six digits, or (at sign-in) a recovery code too.
 * autoComplete one-time-code lets a phone's keyboard offer the code.
 */
export function CampoCodigo(p: { value: string; onChange(v: string): void; recuperacao?: boolean; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('segundoFator.codigo.label')}
      placeholder={t('segundoFator.codigo.placeholder')}
      autoComplete="one-time-code"
      inputMode={p.recuperacao ? 'text' : 'numeric'}
      maxLength={p.recuperacao ? 20 : 6}
      data-autofocus={p.autoFocus || undefined}
      withAsterisk
      value={p.value}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
  );
}

/** The text key of a refused code: too many tries, a challenge gone stale, or a wrong/used code. */
export function falhaDoCodigo(e: unknown): string {
  const p = e instanceof HttpError ? e : undefined;
  if (p?.status === 429) return 'login.messages.error.locked';
  return p?.problem?.message === 'error.segundoFator.desafio' ? 'error.segundoFator.desafio' : 'error.segundoFator.codigo';
}
