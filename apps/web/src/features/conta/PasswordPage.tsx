import { useState } from 'react';
import { Alert, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordField, PasswordChange, ProblemType, V } from '@cadastro/domain';
import { HttpError, http } from '../../ui/http';
import { fieldMessage } from '../../ui/form';
import { PasswordStrengthBar } from '../../ui/PasswordStrengthBar';
import { useSession } from '../../ui/session';
import { replaceStored, storageKeys } from '../../ui/storage';

const Schema = PasswordChange.extend({ newPassword: passwordField, confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { path: ['confirmPassword'], message: V.passwordMismatch },
);
type Input = z.input<typeof Schema>;

/** §2 password (ROLE_USER): new password and confirmation (plus the current one, for safety). */
export default function PasswordPage() {
  const { t } = useTranslation();
  const { account } = useSession();
  const [outcome, setOutcome] = useState<'success' | 'error' | 'invalid' | null>(null);
  const { register, handleSubmit, control, reset, formState } = useForm<Input>({
    resolver: zodResolver(Schema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });  const typedPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = async (v: Input) => {
    setOutcome(null);
    try {
      // Every other session of the user ends; this one goes on with the new token.
      const { id_token } = await http.post<{ id_token: string }>('/api/account/change-password', { currentPassword: v.currentPassword, newPassword: v.newPassword }, { silent: true });
      replaceStored(storageKeys.token, id_token);
      setOutcome('success');
      reset();
    } catch (e) {
      setOutcome(e instanceof HttpError && e.problem?.type === ProblemType.INVALID_PASSWORD ? 'invalid' : 'error');
    }
  };
  return (
    <Stack maw={560} py="md">
      <Title order={1}>{t('password.title', { username: account?.login ?? '' })}</Title>
      {outcome === 'success' && <Alert color="green" role="status" data-testid="password-success">{t('password.messages.success')}</Alert>}
      {outcome === 'error' && <Alert color="red" role="alert">{t('password.messages.error')}</Alert>}
      {outcome === 'invalid' && <Alert color="red" role="alert">{t('password.messages.invalid')}</Alert>}
      {formState.errors.confirmPassword?.message === V.passwordMismatch && (
        <Alert color="red" role="alert">{t('global.messages.error.dontmatch')}</Alert>
      )}
      <Paper withBorder p="lg">
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <Stack>
            <PasswordInput label={t('global.form.currentpassword.label')} withAsterisk autoFocus autoComplete="current-password" error={fieldMessage(t, formState.errors.currentPassword)} {...register('currentPassword')} />
            <div>
              <PasswordInput label={t('global.form.newpassword.label')} withAsterisk autoComplete="new-password" error={fieldMessage(t, formState.errors.newPassword)} {...register('newPassword')} />
              <PasswordStrengthBar password={typedPassword} />
            </div>
            <PasswordInput label={t('global.form.confirmpassword.label')} withAsterisk autoComplete="new-password" error={fieldMessage(t, formState.errors.confirmPassword)} {...register('confirmPassword')} />
            <Button type="submit" loading={formState.isSubmitting}>
              {t('password.form.button')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
