import { type BodyOf, CreateUserBody, roleIds, routes, type StoreUser } from '@mizan/contract';
import { call } from '../../app/api.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { CheckboxField, TextField } from '../../ui/form/fields.tsx';
import { contractForm, showServerErrors, useContractForm } from '../../ui/form/useContractForm.ts';
import { IonButton, IonList, useIonAlert } from '../../ui/ionic.ts';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { settingsText as t } from './settingsText.ts';
import { settingsKeys, useRoles, useSettingsChange, useStoreUsers } from './useSettings.ts';

const f = t.userFields;
const userColumns = (roleName: (id: number) => string): Column<StoreUser>[] => [
  { id: 'full_name', header: f.full_name, cell: (user) => user.full_name, sortBy: (user) => user.full_name },
  { id: 'user_name', header: f.user_name, cell: (user) => user.user_name, sortBy: (user) => user.user_name },
  { id: 'is_admin', header: f.is_admin, cell: (user) => (user.is_admin ? t.yes : t.no) },
  { id: 'role', header: t.role, cell: (user) => roleName(user.role_id) },
  { id: 'status', header: t.status, cell: (user) => (user.is_active ? t.active : t.disabled) },
];

type NewUser = { user_name: string; full_name: string; password: string; is_admin: boolean };
const noNewUser: NewUser = { user_name: '', full_name: '', password: '', is_admin: false };
const newUserForm = contractForm((values: NewUser) => values, CreateUserBody);

/** The store's users; an administrator adds one, resets a password, disables or enables a user. */
export function UsersSection({ storeId, isAdmin, selfId }: { storeId: number; isAdmin: boolean; selfId: number }) {
  const users = useStoreUsers(storeId);
  const key = settingsKeys.users(storeId);
  const roles = useRoles(isAdmin);
  const roleName = (id: number) => roles.data?.find((role) => role.id === id)?.name ?? '';
  const assign = useSettingsChange(
    (body: BodyOf<typeof routes.roles.assign>) => call(routes.roles.assign, { body }),
    key,
  );
  // The owner's role is the owner's alone (the server refuses it to anyone else).
  const askRole = (user: StoreUser) =>
    ask({
      header: `${t.changeRole}: ${user.full_name}`,
      inputs: (roles.data ?? [])
        .filter((role) => role.key !== 'owner')
        .map((role) => ({
          type: 'radio' as const,
          label: role.name,
          value: role.id,
          checked: role.id === user.role_id,
        })),
      buttons: [
        { text: t.cancel, role: 'cancel' },
        {
          text: t.ok,
          handler: (roleId: number) =>
            assign.mutate(
              { user_id: user.id, role_id: roleId },
              { onSuccess: () => notify.done(t.saved), onError: notify.failed },
            ),
        },
      ],
    });
  const { create: createUser, resetPassword, setActive } = routes.users;
  const create = useSettingsChange((body: BodyOf<typeof createUser>) => call(createUser, { body }), key);
  const reset = useSettingsChange((body: BodyOf<typeof resetPassword>) => call(resetPassword, { body }), key);
  const activate = useSettingsChange((body: BodyOf<typeof setActive>) => call(setActive, { body }), key);
  const notify = useNotify();
  const [ask] = useIonAlert();
  const form = useContractForm(newUserForm, noNewUser);
  const add = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        notify.done(t.userAdded);
        form.reset(noNewUser);
      },
      onError: (error) => {
        showServerErrors(form, error);
        notify.failed(error);
      },
    }),
  );
  const askPassword = (user: StoreUser) =>
    ask({
      header: `${t.resetPassword}: ${user.full_name}`,
      inputs: [{ name: 'password', type: 'password', placeholder: t.newPassword }],
      buttons: [
        { text: t.cancel, role: 'cancel' },
        {
          text: t.ok,
          handler: (data: { password?: string }) =>
            reset.mutate(
              { id: user.id, password: data.password ?? '' },
              { onSuccess: () => notify.done(t.passwordReset), onError: notify.failed },
            ),
        },
      ],
    });
  const toggle = (user: StoreUser) => {
    const run = () =>
      activate.mutate(
        { id: user.id, is_active: !user.is_active },
        { onSuccess: () => notify.done(t.saved), onError: notify.failed },
      );
    if (!user.is_active) return run();
    ask({
      message: t.confirmDisable(user.full_name),
      buttons: [
        { text: t.cancel, role: 'cancel' },
        { text: t.ok, handler: run },
      ],
    });
  };
  return (
    <>
      <DataTable
        columns={userColumns(roleName)}
        rows={users.data ?? []}
        rowKey={(user) => user.id}
        testId="users-table"
        empty=""
        loading={users.isLoading}
        {...(isAdmin && {
          actions: (user: StoreUser) => (
            <>
              {user.id !== selfId && user.role_id !== roleIds.owner && (
                <IonButton
                  size="small"
                  fill="clear"
                  onClick={() => askRole(user)}
                  data-testid={`role-of-${user.user_name}`}
                >
                  {t.changeRole}
                </IonButton>
              )}
              <IonButton size="small" fill="clear" onClick={() => askPassword(user)}>
                {t.resetPassword}
              </IonButton>
              {user.id !== selfId && (
                <IonButton
                  size="small"
                  fill="clear"
                  color={user.is_active ? 'danger' : 'success'}
                  onClick={() => toggle(user)}
                >
                  {user.is_active ? t.disable : t.enable}
                </IonButton>
              )}
            </>
          ),
        })}
      />
      {isAdmin && (
        <form onSubmit={add} noValidate>
          <EnterSubmits />
          <h3>{t.addUser}</h3>
          <IonList className="form-grid">
            <TextField control={form.control} name="full_name" inputName="new_full_name" label={f.full_name} required />
            <TextField
              control={form.control}
              name="user_name"
              inputName="new_user_name"
              label={f.user_name}
              required
              autocomplete="off"
            />
            <TextField
              control={form.control}
              name="password"
              inputName="new_password"
              label={f.password}
              required
              type="password"
              autocomplete="new-password"
            />
            <CheckboxField control={form.control} name="is_admin" label={f.is_admin} />
          </IonList>
          <IonButton type="submit" disabled={create.isPending} data-testid="add-user">
            {t.addUser}
          </IonButton>
        </form>
      )}
    </>
  );
}
