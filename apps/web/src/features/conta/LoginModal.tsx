import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { HttpError } from '../../ui/http';
import { useSession } from '../../ui/session';
import { clearStored, readStored, storageKeys } from '../../ui/storage';
import { EntradaPorProvedor } from '../../ui/identidade';

interface LoginForm {
  username: string;
  password: string;
  rememberMe: boolean;
}

const ACCOUNT_PAGES = /^\/(register|activate|reset)/;

/** The login modal (§2): username, password, remember me; 'Failed to sign in' on failure. */
export default function LoginModal() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<'auth' | 'locked' | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<LoginForm>({ defaultValues: { username: '', password: '', rememberMe: false } });

  const close = () => {
    setFailure(null);
    reset();
    session.closeLogin();
  };

  const onSubmit = async (v: LoginForm) => {
    setFailure(null);
    try {
      await session.login(v.username, v.password, v.rememberMe);
    } catch (e) {
      session.logout('expired'); // §8: a failed login sets the error flag and logs out
      setFailure(e instanceof HttpError && e.status === 429 ? 'locked' : 'auth');
      return;
    }
    close();
    const target = readStored(storageKeys.requestedUrl);
    clearStored(storageKeys.requestedUrl);
    if (target) void navigate(target);
    else if (ACCOUNT_PAGES.test(location.pathname) || location.pathname === '/accessdenied') void navigate('/');
  };

  return (
    <Modal opened={session.loginOpen} onClose={close} title={t('login.title')} centered>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" data-testid="login-error">
              {failure === 'locked' ? t('login.messages.error.locked') : t('login.messages.error.authentication')}
            </Alert>
          )}
          <TextInput
            label={t('global.form.username.label')}
            placeholder={t('global.form.username.placeholder')}
            autoComplete="username"
            data-autofocus
            withAsterisk
            {...register('username', { required: true })}
          />
          <PasswordInput
            label={t('login.form.passwordLabel')}
            placeholder={t('login.form.passwordPlaceholder')}
            autoComplete="current-password"
            withAsterisk
            {...register('password', { required: true })}
          />
          <Checkbox label={t('login.form.rememberme')} {...register('rememberMe')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('entity.action.cancel')}
            </Button>
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isValid && formState.isSubmitted}>
              {t('login.form.button')}
            </Button>
          </Group>
          <EntradaPorProvedor />
          <Text size="sm">
            <Anchor component={Link} to="/reset/request" onClick={close}>
              {t('login.password.forgot')}
            </Anchor>
          </Text>
          <Text size="sm">
            {t('global.messages.info.register.noaccount')}{' '}
            <Anchor component={Link} to="/register" onClick={close}>
              {t('global.messages.info.register.link')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
