import { useState } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

/** Mantine's modals close on an Escape whose target lacks this mark: inside a dialog, Escape closes the calendar only. */
const SO_O_CALENDARIO = { 'data-mantine-stop-propagation': true } as const;

/**
 * The app's one date field: typed as dd/mm/aaaa (or picked on the calendar) in every browser and
 * language, its value a 'yyyy-MM-dd' string (never a Date: Maceió is UTC−3); the clear button and the
 * calendar's arrows named, the neighbouring months' pale days left out (axe: button-name, color-contrast).
 */
export function CampoData(p: Omit<DateInputProps, 'value' | 'onChange'> & { value: string | null; onChange(v: string | null): void }) {
  const { t } = useTranslation();
  const [aberto, setAberto] = useState(false);
  return (
    <DateInput
      data-mantine-stop-propagation={aberto || undefined}
      popoverProps={{ onOpen: () => setAberto(true), onClose: () => setAberto(false) }}
      getDayProps={() => SO_O_CALENDARIO}
      getMonthControlProps={() => SO_O_CALENDARIO}
      getYearControlProps={() => SO_O_CALENDARIO}
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      clearButtonProps={{ 'aria-label': t('global.form.limparData') }}
      previousLabel={t('global.form.periodoAnterior')}
      nextLabel={t('global.form.proximoPeriodo')}
      hideOutsideDates
      {...p}
    />
  );
}
