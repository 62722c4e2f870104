import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROGRESS_BAR } from '@cadastro/domain';
import { progress } from './progress';

export function ProgressBar() {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(null);
  useEffect(() => progress.subscribe(setValue), []);
  return (
    <div
      role="progressbar"
      aria-label={t('global.progress')}
      aria-hidden={value === null}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value === null ? undefined : Math.round(value * 100)}
      data-testid="progress-bar"
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 3,
        zIndex: 10000,
        background: '#FFCD07',
        width: `${(value ?? 0) * 100}%`,
        opacity: value === null ? 0 : 1,
        transition: `width ${PROGRESS_BAR.speedMs}ms ease, opacity ${PROGRESS_BAR.speedMs}ms ease`,
        pointerEvents: 'none',
      }}
    />
  );
}
