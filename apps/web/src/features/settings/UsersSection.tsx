import '../../app/zodArabic.ts';
import { CreateUserBody, type StoreUser } from '@mizan/contract';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../app/api.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { issuesByField } from '../../ui/formErrors.ts';
import { IonButton, IonCheckbox, IonItem, IonList, useIonAlert } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { settingsText as t } from './settingsText.ts';
import { settingsKeys, useSettingsChange, useStoreUsers } from './useSettings.ts';

/** The store's users; an administrator adds one, resets a password, disables or enables a user. */
export function UsersSection({ storeId, isAdmin, selfId }: { storeId: number; isAdmin: boolean; selfId: number }) {
  const users = useStoreUsers(storeId);
  const key = settingsKeys.users(storeId);
  const create = useSettingsChange<object>('users/create', key);
  const reset = useSettingsChange<object>('users/resetPassword', key);
  const activate = useSettingsChange<object>('users/setActive', key);
  const notify = useNotify();
  const [ask] = useIonAlert();
  const [form, setForm] = useState({ user_name: '', full_name: '', password: '', is_admin: false });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function add(event: FormEvent) {
    event.preventDefault();
    const checked = CreateUserBody.safeParse(form);
    if (!checked.success) return setErrors(issuesByField(checked.error));
    setErrors({});
    create.mutate(form, {
      onSuccess: () => {
        notify.done(t.userAdded);
        setForm({ user_name: '', full_name: '', password: '', is_admin: false });
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        notify.failed(error);
      },
    });
  }
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
  const f = t.userFields;
  return (
    <>
      <div className="table-scroll">
        <table className="data-table" data-testid="users-table">
          <thead>
            <tr>
              <th>{f.full_name}</th>
              <th>{f.user_name}</th>
              <th>{f.is_admin}</th>
              <th>{t.status}</th>
              {isAdmin && <th />}
            </tr>
          </thead>
          <tbody>
            {users.data?.map((user) => (
              <tr key={user.id}>
                <td data-label={f.full_name}>{user.full_name}</td>
                <td data-label={f.user_name}>
                  <bdi>{user.user_name}</bdi>
                </td>
                <td data-label={f.is_admin}>{user.is_admin ? t.yes : t.no}</td>
                <td data-label={t.status}>{user.is_active ? t.active : t.disabled}</td>
                {isAdmin && (
                  <td className="row-actions">
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
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {isAdmin && (
        <form onSubmit={add} noValidate>
          <EnterSubmits />
          <h3>{t.addUser}</h3>
          <IonList className="form-grid">
            <FormField
              name="new_full_name"
              label={f.full_name}
              required
              value={form.full_name}
              onChange={(v) => setForm({ ...form, full_name: v })}
              error={errors.full_name}
            />
            <FormField
              name="new_user_name"
              label={f.user_name}
              required
              value={form.user_name}
              onChange={(v) => setForm({ ...form, user_name: v })}
              error={errors.user_name}
              autocomplete="off"
            />
            <FormField
              name="new_password"
              label={f.password}
              required
              type="password"
              value={form.password}
              onChange={(v) => setForm({ ...form, password: v })}
              error={errors.password}
              autocomplete="new-password"
            />
            <IonItem>
              <IonCheckbox
                checked={form.is_admin}
                onIonChange={(e) => setForm({ ...form, is_admin: e.detail.checked })}
              >
                {f.is_admin}
              </IonCheckbox>
            </IonItem>
          </IonList>
          <IonButton type="submit" disabled={create.isPending} data-testid="add-user">
            {t.addUser}
          </IonButton>
        </form>
      )}
    </>
  );
}
