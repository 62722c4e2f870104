import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatInstant } from '../../ui/format';
import { RecordState } from '../../ui/NotFound';
import { LANGUAGE_NAMES } from '../../i18n';
import { useListSearch } from './UserManagementPage';
import { useUser } from './api';
import { actorName } from './auditWords';
import { VinculoPessoaPanel } from './VinculoPessoa';
import { RedefinirSegundoFator } from './RedefinirSegundoFator';

/** user-management/{login}: one user, read-only, with the way back to the list as it was. */
export default function UserDetailPage() {
  const { t } = useTranslation();
  const { login } = useParams();
  const back = useListSearch();
  const q = useUser(login);
  const field = (label: string, value: ReactNode) => (
    <div>
      <Text size="sm" fw={700}>{label}</Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
    </div>
  );
  return (
    <Stack py="md" maw={900}>
      <Title order={1}>{t('userManagement.detail', { login })}</Title>
      <RecordState query={q}>
        {(u) => (
          <>
            <Paper withBorder p="lg">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {field('ID', u.id)}
                {field(t('userManagement.login'), u.login)}
                {field(t('settings.form.firstname'), u.firstName)}
                {field(t('settings.form.lastname'), u.lastName)}
                {field(t('userManagement.email'), u.email)}
                {field(t('userManagement.status'), <Badge color={u.activated ? 'green' : 'red'}>{u.activated ? t('userManagement.activated') : t('userManagement.deactivated')}</Badge>)}
                {field(t('userManagement.langKey'), LANGUAGE_NAMES[u.langKey] ?? u.langKey)}
                {field(t('userManagement.createdBy'), `${actorName(t, u.createdBy)} — ${formatInstant(u.createdDate)}`)}
                {field(t('userManagement.lastModifiedBy'), `${actorName(t, u.lastModifiedBy)} — ${formatInstant(u.lastModifiedDate)}`)}
              </SimpleGrid>
              <Text size="sm" fw={700} mt="md">{t('userManagement.profiles')}</Text>
              <Group gap={4} data-testid="user-authorities">{u.authorities.map((a) => <Badge key={a} variant="light" tt="none">{a}</Badge>)}</Group>
            </Paper>
            <VinculoPessoaPanel login={u.login} />
            <Group>
              <Button component={Link} to={`/user-management/${u.login}/edit`} state={{ back }} variant="light">{t('entity.action.edit')}</Button>
              <RedefinirSegundoFator login={u.login} />
            </Group>
          </>
        )}
      </RecordState>
      <Anchor component={Link} to={`/user-management${back}`}>← {t('entity.action.back')}</Anchor>
    </Stack>
  );
}
