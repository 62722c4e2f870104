import { useState } from 'react';
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailField, loginField, passwordField, V } from '@cadastro/domain';
import { http } from '../../ui/http';
import { fieldMessage } from '../../ui/form';
import { PasswordStrengthBar } from '../../ui/PasswordStrengthBar';

const Schema = z
  .object({ login: loginField, email: emailField, password: passwordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: V.passwordMismatch });
type Input = z.input<typeof Schema>;
type Output = z.output<typeof Schema>;

type Outcome = 'success' | 'error' | null;

/**
 * §2 /register: login, email, password, confirmation; focus on login. A taken login or e-mail is
 * answered like a new one (the page tells nobody who has an account): the mail says why.
 */
export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(Schema),
    mode: 'onTouched',
    defaultValues: { login: '', email: '', password: '', confirmPassword: '' },
  });
  const typedPassword = useWatch({ control, name: 'password' });

  const onSubmit = async (v: Output) => {
    setOutcome(null);
    try {
      await http.post('/api/register', { login: v.login, email: v.email, password: v.password, langKey: i18n.language }, { silent: true });
      setOutcome('success');
    } catch {
      setOutcome('error');
    }
  };

  return (
    <Stack maw={560} py="md">
      <Title order={1}>{t('register.title')}</Title>
      {outcome === 'success' && (
        <Alert color="green" role="status" data-testid="register-success">
          {t('register.messages.success')}
        </Alert>
      )}
      {outcome === 'error' && <Alert color="red" role="alert">{t('register.messages.error.fail')}</Alert>}
      {outcome !== 'success' && (
        <Paper withBorder p="lg">
          <form onSubmit={handleSubmit(onSubmit)} noValidate>
            <Stack>
              <TextInput label={t('global.form.username.label')} placeholder={t('global.form.username.placeholder')} withAsterisk data-autofocus autoFocus autoComplete="username" error={fieldMessage(t, formState.errors.login)} {...register('login')} />
              <TextInput label={t('global.form.email.label')} placeholder={t('global.form.email.placeholder')} withAsterisk type="email" autoComplete="email" error={fieldMessage(t, formState.errors.email)} {...register('email')} />
              <div>
                <PasswordInput label={t('global.form.newpassword.label')} placeholder={t('global.form.newpassword.placeholder')} withAsterisk autoComplete="new-password" error={fieldMessage(t, formState.errors.password)} {...register('password')} />
                <PasswordStrengthBar password={typedPassword} />
              </div>
              <PasswordInput label={t('global.form.confirmpassword.label')} placeholder={t('global.form.confirmpassword.placeholder')} withAsterisk autoComplete="new-password" error={fieldMessage(t, formState.errors.confirmPassword)} {...register('confirmPassword')} />
              <Button type="submit" loading={formState.isSubmitting}>
                {t('register.form.button')}
              </Button>
            </Stack>
          </form>
        </Paper>
      )}
      <Text size="sm" c="dimmed">
        {t('global.messages.info.authenticated.demo')}
      </Text>
    </Stack>
  );
}
