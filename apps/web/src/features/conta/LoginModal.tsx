import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ProblemType } from '@cadastro/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { http, HttpError } from '../../ui/http';
import { useSession } from '../../ui/session';
import { guardarDesafio } from './desafio';
import { useAposEntrar } from './aposEntrar';
import { CampoCodigo, falhaDoCodigo } from './CampoCodigo';
import { EntradaPorProvedor } from '../../ui/identidade';

interface LoginForm {
  username: string;
  password: string;
  rememberMe: boolean;
}

/** The failures' text keys (a refused code's: falhaDoCodigo). */
const AUTH = 'login.messages.error.authentication';
const LOCKED = 'login.messages.error.locked';

/**
 * The login modal (§2): username, password, remember me; 'Failed to sign in' on failure. A staff
 * account's right password is answered with a challenge (issue #41 §3): the dialog then asks for the
 * authenticator's code, or sends a staff account without one to the enrolment screen.
 */
export default function LoginModal() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const aposEntrar = useAposEntrar();
  const [failure, setFailure] = useState<string | null>(null);
  const [segundaEtapa, setSegundaEtapa] = useState<{ desafio: string; rememberMe: boolean } | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<LoginForm>({ defaultValues: { username: '', password: '', rememberMe: false } });

  const close = () => {
    setFailure(null);
    setSegundaEtapa(null);
    reset();
    session.closeLogin();
  };

  const onSubmit = async (v: LoginForm) => {
    setFailure(null);
    try {
      await session.login(v.username, v.password, v.rememberMe);
    } catch (e) {
      const p = e instanceof HttpError ? e.problem : undefined;
      if (p?.desafio && p.type === ProblemType.SEGUNDO_FATOR_NECESSARIO) {
        setSegundaEtapa({ desafio: p.desafio, rememberMe: v.rememberMe });
        return;
      }
      if (p?.desafio && p.type === ProblemType.SEGUNDO_FATOR_INSCRICAO) {
        guardarDesafio(p.desafio, v.rememberMe);
        close();
        void navigate('/segundo-fator/inscricao');
        return;
      }
      session.logout('expired'); // §8: a failed login sets the error flag and logs out
      setFailure(e instanceof HttpError && e.status === 429 ? LOCKED : AUTH);
      return;
    }
    close();
    aposEntrar();
  };

  if (segundaEtapa) {
    return (
      <Modal opened={session.loginOpen} onClose={close} title={t('segundoFator.codigo.titulo')} centered>
        <CodigoForm
          etapa={segundaEtapa}
          failure={failure}
          setFailure={setFailure}
          onVoltar={() => {
            setSegundaEtapa(null);
            setFailure(null);
          }}
          onEntrou={() => {
            close();
            aposEntrar();
          }}
        />
      </Modal>
    );
  }

  return (
    <Modal opened={session.loginOpen} onClose={close} title={t('login.title')} centered>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" data-testid="login-error">
              {t(failure)}
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

/** The second step: the authenticator's code or a recovery code, with the challenge the password earned. */
function CodigoForm(p: {
  etapa: { desafio: string; rememberMe: boolean };
  failure: string | null;
  setFailure(f: string | null): void;
  onVoltar(): void;
  onEntrou(): void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const [codigo, setCodigo] = useState('');
  const [enviando, setEnviando] = useState(false);
  const enviar = async () => {
    p.setFailure(null);
    setEnviando(true);
    try {
      const { id_token } = await http.post<{ id_token: string }>('/api/authenticate/segundo-fator', { desafio: p.etapa.desafio, codigo }, { silent: true });
      await session.adopt(id_token, p.etapa.rememberMe);
      p.onEntrou();
    } catch (e) {
      p.setFailure(falhaDoCodigo(e));
    } finally {
      setEnviando(false);
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void enviar();
      }}
      noValidate
    >
      <Stack>
        {p.failure && (
          <Alert color="red" role="alert" data-testid="login-error">
            {t(p.failure)}
          </Alert>
        )}
        <Text size="sm">{t('segundoFator.codigo.instrucao')}</Text>
        <CampoCodigo value={codigo} onChange={setCodigo} recuperacao autoFocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={p.onVoltar}>
            {t('segundoFator.codigo.voltar')}
          </Button>
          <Button type="submit" loading={enviando} disabled={!codigo.trim()}>
            {t('segundoFator.codigo.botao')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
