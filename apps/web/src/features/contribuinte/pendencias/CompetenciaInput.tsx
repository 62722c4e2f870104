import { useRef, type Ref, type RefObject } from 'react';
import { Group, Input, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Competencia {
  mes: string;
  ano: string;
}

/** §5: month 1-12 (one or two digits), year of four digits; both or neither. Returns an i18n key when invalid. */
export function erroCompetencia(c: Competencia, obrigatoria = false): string | null {
  if (!c.mes && !c.ano) return obrigatoria ? 'pendencia.consulta.incompleta' : null;
  if (c.mes && !/^(0?[1-9]|1[0-2])$/.test(c.mes)) return 'pendencia.consulta.mesInvalido';
  if (c.ano && !/^\d{4}$/.test(c.ano)) return 'pendencia.consulta.anoInvalido';
  if (!c.mes || !c.ano) return 'pendencia.consulta.incompleta';
  return null;
}

/** yyyy-MM-01 of a valid competence (compare as text). */
export const competenciaDia = (c: Competencia) => `${c.ano}-${c.mes.padStart(2, '0')}-01`;

/**
 * A competence typed as month and year, digits only; focus jumps to the year after a two-digit month
 * and to `proximo` (the next field) after a four-digit year (§5).
 */
export function CompetenciaInput({ rotulo, valor, onChange, erro, proximo, mesRef, id, obrigatoria }: {
  rotulo: string;
  valor: Competencia;
  onChange(c: Competencia): void;
  erro?: string | null;
  proximo?: RefObject<HTMLInputElement | null>;
  /** The month input, for the previous field's focus jump. */
  mesRef?: Ref<HTMLInputElement>;
  id: string;
  obrigatoria?: boolean;
}) {
  const { t } = useTranslation();
  const ano = useRef<HTMLInputElement>(null);
  return (
    <Input.Wrapper label={rotulo} error={erro} withAsterisk={obrigatoria} id={`${id}-mes`}>
      <Group gap={4} wrap="nowrap" align="center">
        <TextInput
          ref={mesRef}
          id={`${id}-mes`}
          aria-label={t('pendencia.consulta.mesDe', { rotulo })}
          placeholder="MM"
          inputMode="numeric"
          maxLength={2}
          w={56}
          value={valor.mes}
          error={!!erro}
          onChange={(e) => {
            const mes = e.currentTarget.value.replace(/\D/g, '').slice(0, 2);
            onChange({ ...valor, mes });
            if (mes.length === 2) ano.current?.focus();
          }}
        />
        <span aria-hidden>/</span>
        <TextInput
          ref={ano}
          aria-label={t('pendencia.consulta.anoDe', { rotulo })}
          placeholder="AAAA"
          inputMode="numeric"
          maxLength={4}
          w={72}
          value={valor.ano}
          error={!!erro}
          onChange={(e) => {
            const v = e.currentTarget.value.replace(/\D/g, '').slice(0, 4);
            onChange({ ...valor, ano: v });
            if (v.length === 4) proximo?.current?.focus();
          }}
        />
      </Group>
    </Input.Wrapper>
  );
}
