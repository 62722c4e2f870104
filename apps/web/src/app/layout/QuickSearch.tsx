import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { classificarBuscaRapida } from '@cadastro/domain';
import { announce } from '../../ui/alerts';
import { BUSCA_KEY, buscaUrl } from '../../features/contribuinte/api';

/** Navbar quick search (staff with the consult role): paste a CACEAL, CNPJ, CPF, root or part of a name. */
export function QuickSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
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
    // The search page's own URL state: Back from a taxpayer returns to this list. An explicit search
    // fetches again, even the one already on screen.
    void qc.invalidateQueries({ queryKey: BUSCA_KEY });
    void navigate(buscaUrl(c.tipo, c.termo));
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
