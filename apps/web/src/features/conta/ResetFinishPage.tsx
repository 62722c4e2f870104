import { useState } from 'react';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { z } from 'zod';
import { passwordField, V } from '@cadastro/domain';
import { http } from '../../ui/http';
import { fieldMessage } from '../../ui/form';
import { PasswordStrengthBar } from '../../ui/PasswordStrengthBar';
import { useSession } from '../../ui/session';

const Schema = z
  .object({ newPassword: passwordField, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: V.passwordMismatch });
type Input = z.input<typeof Schema>;

/** §2 /reset/{key}: states key missing, info, success, error, mismatch; focus on the password. */
export default function ResetFinishPage() {
  const { t } = useTranslation();
  const { key } = useParams();
  const session = useSession();
  const [outcome, setOutcome] = useState<'success' | 'error' | null>(null);
  const { register, handleSubmit, control, formState } = useForm<Input>({
    resolver: zodResolver(Schema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });  const typedPassword = useWatch({ control, name: 'newPassword' });

  const mismatch = formState.errors.confirmPassword?.message === V.passwordMismatch;
  const onSubmit = async (v: Input) => {
    setOutcome(null);
    try {
      await http.post('/api/account/reset-password/finish', { key, newPassword: v.newPassword }, { silent: true });
      setOutcome('success');
    } catch {
      setOutcome('error');
    }
  };
  return (
    <Stack maw={560} py="md">
      <Title order={1}>{t('reset.finish.title')}</Title>
      {!key && (
        <Alert color="red" role="alert" data-testid="reset-key-missing">
          {t('reset.finish.messages.keymissing')}
        </Alert>
      )}
      {outcome === 'error' && <Alert color="red" role="alert">{t('reset.finish.messages.error')}</Alert>}
      {mismatch && <Alert color="red" role="alert">{t('global.messages.error.dontmatch')}</Alert>}
      {outcome === 'success' && (
        <Alert color="green" role="status" data-testid="reset-success">
          {t('reset.finish.messages.success')}{' '}
          <Anchor component="button" type="button" onClick={session.openLogin}>
            {t('global.messages.info.authenticated.link')}
          </Anchor>
          .
        </Alert>
      )}
      {key && outcome !== 'success' && (
        <>
          <Alert color="blue">{t('reset.finish.messages.info')}</Alert>
          <Paper withBorder p="lg">
            <form onSubmit={handleSubmit(onSubmit)} noValidate>
              <Stack>
                <div>
                  <PasswordInput label={t('global.form.newpassword.label')} placeholder={t('global.form.newpassword.placeholder')} withAsterisk autoFocus autoComplete="new-password" error={fieldMessage(t, formState.errors.newPassword)} {...register('newPassword')} />
                  <PasswordStrengthBar password={typedPassword} />
                </div>
                <PasswordInput label={t('global.form.confirmpassword.label')} placeholder={t('global.form.confirmpassword.placeholder')} withAsterisk autoComplete="new-password" error={fieldMessage(t, formState.errors.confirmPassword)} {...register('confirmPassword')} />
                <Button type="submit" loading={formState.isSubmitting}>
                  {t('reset.finish.form.button')}
                </Button>
              </Stack>
            </form>
          </Paper>
        </>
      )}
    </Stack>
  );
}
