import { useState } from 'react';
import { Alert, Button, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AccountSettings, LANGUAGES, nomeDaConta, ProblemType } from '@cadastro/domain';
import type { Account } from '@cadastro/domain';
import { HttpError, http } from '../../ui/http';
import { fieldMessage } from '../../ui/form';
import { ACCOUNT_QUERY_KEY, useSession } from '../../ui/session';
import { changeLanguage, LANGUAGE_NAMES } from '../../i18n';
import { ComoEntrou } from '../../ui/identidade';

type Input = z.input<typeof AccountSettings>;
type Output = z.output<typeof AccountSettings>;

/** §2 settings (ROLE_USER): first name, last name, email, language. */
export default function SettingsPage() {
  const { account } = useSession();
  if (!account) return null;
  return <SettingsForm account={account} />;
}

function SettingsForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [outcome, setOutcome] = useState<'success' | 'error' | 'emailExists' | null>(null);
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(AccountSettings),
    mode: 'onTouched',
    defaultValues: {
      firstName: account.firstName ?? '',
      lastName: account.lastName ?? '',
      email: account.email,
      langKey: (LANGUAGES as readonly string[]).includes(account.langKey) ? (account.langKey as Output['langKey']) : 'pt-br',
      imageUrl: account.imageUrl,
    },
  });
  const onSubmit = async (v: Output) => {
    setOutcome(null);
    try {
      await http.post('/api/account', v, { silent: true });
      await changeLanguage(v.langKey);
      await qc.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
      setOutcome('success');
    } catch (e) {
      setOutcome(e instanceof HttpError && e.problem?.type === ProblemType.EMAIL_ALREADY_USED ? 'emailExists' : 'error');
    }
  };
  return (
    <Stack maw={560} py="md">
      <Title order={1}>{t('settings.title', { username: nomeDaConta(account) })}</Title>
      <ComoEntrou />
      {outcome === 'success' && <Alert color="green" role="status" data-testid="settings-success">{t('settings.messages.success')}</Alert>}
      {outcome === 'error' && <Alert color="red" role="alert">{t('settings.messages.error.fail')}</Alert>}
      {outcome === 'emailExists' && <Alert color="red" role="alert">{t('settings.messages.error.emailexists')}</Alert>}
      <Paper withBorder p="lg">
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <Stack>
            <TextInput label={t('settings.form.firstname')} autoComplete="given-name" error={fieldMessage(t, formState.errors.firstName)} {...register('firstName')} />
            <TextInput label={t('settings.form.lastname')} autoComplete="family-name" error={fieldMessage(t, formState.errors.lastName)} {...register('lastName')} />
            <TextInput label={t('global.form.email.label')} withAsterisk type="email" autoComplete="email" error={fieldMessage(t, formState.errors.email)} {...register('email')} />
            <Controller
              control={control}
              name="langKey"
              render={({ field }) => (
                <Select
                  label={t('settings.form.language')}
                  data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? 'pt-br')}
                  allowDeselect={false}
                />
              )}
            />
            <Button type="submit" loading={formState.isSubmitting}>
              {t('settings.form.button')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
