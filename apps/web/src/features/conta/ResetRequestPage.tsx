import { useState } from 'react';
import { Alert, Button, Paper, Stack, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ProblemType, ResetPasswordInit } from '@cadastro/domain';
import { HttpError, http } from '../../ui/http';
import { fieldMessage } from '../../ui/form';

/** §2 /reset/request: asks for the email the reset link goes to. */
export default function ResetRequestPage() {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<'success' | 'notFound' | 'error' | null>(null);
  const { register, handleSubmit, formState } = useForm<z.input<typeof ResetPasswordInit>, unknown, z.output<typeof ResetPasswordInit>>({
    resolver: zodResolver(ResetPasswordInit),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const onSubmit = async (v: z.output<typeof ResetPasswordInit>) => {
    setOutcome(null);
    try {
      await http.post('/api/account/reset-password/init', v, { silent: true });
      setOutcome('success');
    } catch (e) {
      setOutcome(e instanceof HttpError && e.problem?.type === ProblemType.EMAIL_NOT_FOUND ? 'notFound' : 'error');
    }
  };
  return (
    <Stack maw={560} py="md">
      <Title order={1}>{t('reset.request.title')}</Title>
      {outcome === 'notFound' && <Alert color="red" role="alert">{t('reset.request.messages.notfound')}</Alert>}
      {outcome === 'error' && <Alert color="red" role="alert">{t('error.generic')}</Alert>}
      {outcome === 'success' ? (
        <Alert color="green" role="status" data-testid="reset-request-success">
          {t('reset.request.messages.success')}
        </Alert>
      ) : (
        <>
          <Alert color="blue">{t('reset.request.messages.info')}</Alert>
          <Paper withBorder p="lg">
            <form onSubmit={handleSubmit(onSubmit)} noValidate>
              <Stack>
                <TextInput label={t('global.form.email.label')} placeholder={t('global.form.email.placeholder')} withAsterisk type="email" autoFocus autoComplete="email" error={fieldMessage(t, formState.errors.email)} {...register('email')} />
                <Button type="submit" loading={formState.isSubmitting}>
                  {t('reset.request.form.button')}
                </Button>
              </Stack>
            </form>
          </Paper>
        </>
      )}
    </Stack>
  );
}
