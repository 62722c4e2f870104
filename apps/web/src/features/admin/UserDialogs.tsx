import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { AdminUserCreate, LANGUAGES, ProblemType } from '@cadastro/domain';
import type { AdminUser } from '@cadastro/domain';
import { HttpError, http } from '../../ui/http';
import { fieldMessage } from '../../ui/form';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CARRY_ALERTS } from '../../ui/alerts';
import { NotFoundState } from '../../ui/NotFound';
import { isNotFound } from '../../ui/queries';
import { useSession } from '../../ui/session';
import { LANGUAGE_NAMES } from '../../i18n';
import UserManagementPage, { useListSearch } from './UserManagementPage';
import { adminKeys, useAuthorities, useUser } from './api';
import { VinculoPessoaPanel } from './VinculoPessoa';

const FormSchema = AdminUserCreate.extend({ activated: z.boolean() });
type Input = z.input<typeof FormSchema>;
type Output = z.output<typeof FormSchema>;

/** Back to the list as it was; `carry` keeps the alert the step just raised (saved, deleted). */
function useClose() {
  const navigate = useNavigate();
  const search = useListSearch();
  return (carry = false) => navigate(`/user-management${search}`, carry ? { state: CARRY_ALERTS } : undefined);
}

/** user-management-new and user-management/{login}/edit: the list stays beneath the dialog. */
export function UserNewPage() {
  return (
    <>
      <UserManagementPage />
      <UserDialog />
    </>
  );
}
export function UserEditPage() {
  const { t } = useTranslation();
  const { login } = useParams();
  const q = useUser(login);
  // A user deleted meanwhile: no form over a record that is gone.
  if (isNotFound(q.error)) return <NotFoundState back={{ to: '/user-management', label: t('entity.action.back') }} />;
  return (
    <>
      <UserManagementPage />
      {q.data && <UserDialog user={q.data} />}
    </>
  );
}

function UserDialog({ user }: { user?: AdminUser }) {
  const { t } = useTranslation();
  const close = useClose();
  const qc = useQueryClient();
  const { account } = useSession();
  const authorities = useAuthorities();
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(FormSchema),
    mode: 'onTouched',
    defaultValues: {
      login: user?.login ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      langKey: (user?.langKey as Output['langKey']) ?? 'pt-br',
      authorities: user?.authorities ?? ['ROLE_USER'],
      activated: user?.activated ?? true,
    },
  });
  const self = user?.login === account?.login;
  const onSubmit = async (v: Output) => {
    setProblem(null);
    try {
      // the API's app-alert header announces the success (§8)
      // The version loaded: a user changed meanwhile by another administrator → 409, nothing lost silently.
      if (user) await http.put<AdminUser>('/api/users', { ...v, id: user.id, version: user.version }, { silent: true });
      else await http.post<AdminUser>('/api/users', v, { silent: true });
      await qc.invalidateQueries({ queryKey: ['admin'] });
      void close(true);
    } catch (e) {
      const type = e instanceof HttpError ? e.problem?.type : undefined;
      setProblem(
        type === ProblemType.LOGIN_ALREADY_USED
          ? t('register.messages.error.userexists')
          : type === ProblemType.EMAIL_ALREADY_USED
            ? t('register.messages.error.emailexists')
            : e instanceof HttpError && e.problem?.message?.startsWith('userManagement.')
              ? t(e.problem.message)
              : e instanceof HttpError && e.status === 409
                ? t('error.concurrencyFailure')
                : t('error.generic'),
      );
    }
  };
  return (
    <Modal opened onClose={() => void close()} title={user ? t('userManagement.edit', { login: user.login }) : t('userManagement.new')} size="lg">
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack>
          {problem && <Alert color="red" role="alert">{problem}</Alert>}
          {/* Not editable, and looks it. */}
          {user && <TextInput label="ID" value={String(user.id)} readOnly variant="filled" styles={{ input: { cursor: 'default', color: 'var(--mantine-color-dimmed)' } }} />}
          <TextInput label={t('userManagement.login')} withAsterisk data-autofocus error={fieldMessage(t, formState.errors.login)} {...register('login')} />
          <Group grow>
            <TextInput label={t('settings.form.firstname')} error={fieldMessage(t, formState.errors.firstName)} {...register('firstName')} />
            <TextInput label={t('settings.form.lastname')} error={fieldMessage(t, formState.errors.lastName)} {...register('lastName')} />
          </Group>
          <TextInput label={t('userManagement.email')} withAsterisk type="email" error={fieldMessage(t, formState.errors.email)} {...register('email')} />
          <Checkbox
            label={t('userManagement.activated')}
            disabled={!user || self}
            description={!user ? t('userManagement.activatedOnCreate') : self ? t('userManagement.toggle.self') : undefined}
            {...register('activated')}
          />
          <Controller
            control={control}
            name="langKey"
            render={({ field }) => (
              <Select label={t('userManagement.langKey')} data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))} value={field.value} onChange={(v) => field.onChange(v ?? 'pt-br')} allowDeselect={false} />
            )}
          />
          <Controller
            control={control}
            name="authorities"
            render={({ field }) => (
              <MultiSelect
                label={t('userManagement.profiles')}
                data={authorities.data ?? []}
                value={field.value}
                onChange={field.onChange}
                searchable
                data-testid="authorities"
                error={fieldMessage(t, formState.errors.authorities as never)}
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void close()}>{t('entity.action.cancel')}</Button>
            <Button type="submit" loading={formState.isSubmitting} data-testid="user-save">{t('entity.action.save')}</Button>
          </Group>
        </Stack>
      </form>
      {/* Its own actions, outside the form: a link is written at once, not by Save. */}
      {user && <Stack mt="md"><VinculoPessoaPanel login={user.login} /></Stack>}
    </Modal>
  );
}

/** user-management/{login}/delete: confirmation, then 204. A user already gone shows not found. */
export function UserDeletePage() {
  const { t } = useTranslation();
  const { login = '' } = useParams();
  const close = useClose();
  const qc = useQueryClient();
  const q = useUser(login);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await http.delete(`/api/users/${encodeURIComponent(login)}`);
      // The deleted user's cached record must not show again (its page shows 'not found').
      qc.removeQueries({ queryKey: adminKeys.user(login) });
      await qc.invalidateQueries({ queryKey: adminKeys.users });
      void close(true);
    } catch {
      setBusy(false);
    }
  };
  if (isNotFound(q.error)) return <NotFoundState back={{ to: '/user-management', label: t('entity.action.back') }} />;
  return (
    <>
      <UserManagementPage />
      <ConfirmDialog opened danger title={t('entity.delete.title')} message={t('userManagement.delete.question', { login })} confirmLabel={t('entity.action.delete')} onConfirm={() => void confirm()} onDeny={() => void close()} loading={busy} />
      <Text className="sr-only">{login}</Text>
    </>
  );
}
