import { Fragment, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A long value without spaces (an e-mail, a URL) offered break points after '@' and before '.' and
 * '/', so a narrow column wraps it as "nome@" / "exemplo.com.br", never "exemplo.com.b" / "r".
 */
export function comPontosDeQuebra(valor: ReactNode): ReactNode {
  if (typeof valor !== 'string' || valor.length < 16 || /\s/.test(valor)) return valor;
  const partes = valor.split(/(?<=@)|(?=[./])/);
  return partes.map((p, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {p}
    </Fragment>
  ));
}

/** A labelled read-only value; empty shows 'Não informado' (§5). */
export function Campo({ rotulo, valor }: { rotulo: string; valor: ReactNode }) {
  const { t } = useTranslation();
  const vazio = valor === null || valor === undefined || valor === '';
  return (
    <div>
      <Text size="sm" fw={700}>{rotulo}</Text>
      {/* Long unbroken values wrap inside their card instead of widening the page; 'anywhere' is the last resort. */}
      <Text style={{ overflowWrap: 'anywhere' }}>{vazio ? <Text span c="dimmed">{t('contribuinte.naoInformado')}</Text> : comPontosDeQuebra(valor)}</Text>
    </div>
  );
}
