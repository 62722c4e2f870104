import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { classificarBuscaRapida } from '@cadastro/domain';
import { announce } from '../../ui/alerts';

/** Navbar quick search (staff with the consult role): paste a CACEAL, CNPJ, CPF, root or part of a name. */
export function QuickSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [texto, setTexto] = useState('');
  const [invalido, setInvalido] = useState(false);
  const ir = () => {
    const c = classificarBuscaRapida(texto);
    if (!c) {
      // Said in words (an alert of 5 s), not only by the red border.
      setInvalido(true);
      announce('warning', t('global.quickSearch.invalid'));
      return;
    }
    setInvalido(false);
    setTexto('');
    void navigate(`/contribuinte?tipo=${c.tipo}&termo=${encodeURIComponent(c.termo)}`);
  };
  return (
    <TextInput
      size="xs"
      w={230}
      value={texto}
      onChange={(e) => {
        setTexto(e.currentTarget.value);
        setInvalido(false);
      }}
      onKeyDown={(e) => e.key === 'Enter' && ir()}
      placeholder={t('global.quickSearch.placeholder')}
      aria-label={t('global.quickSearch.label')}
      title={invalido ? t('global.quickSearch.invalid') : t('global.quickSearch.label')}
      aria-invalid={invalido}
      error={invalido}
      data-testid="quick-search"
    />
  );
}
