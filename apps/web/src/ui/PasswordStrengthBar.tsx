import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passwordStrength } from '@cadastro/domain';

const COLORS = ['#F00', '#F90', '#FF0', '#9F0', '#0F0'];

/** Five-level strength bar (§5): coloured segments plus a text, so colour is not the only signal. */
export function PasswordStrengthBar({ password }: { password: string }) {
  const { t } = useTranslation();
  const level = passwordStrength(password);
  const filled = password ? level + 1 : 0;
  return (
    <Group gap={4} align="center" mt={4} aria-live="polite">
      <Text size="xs" c="dimmed">
        {t('global.messages.validate.newpassword.strength')}
      </Text>
      {COLORS.map((c, i) => (
        <Box key={c} w={24} h={8} style={{ borderRadius: 2, background: i < filled ? (COLORS[filled - 1] ?? c) : '#DDD' }} />
      ))}
      {password && (
        <Text size="xs" data-testid="password-strength">
          {t(`global.messages.validate.newpassword.level${level}`)}
        </Text>
      )}
    </Group>
  );
}
