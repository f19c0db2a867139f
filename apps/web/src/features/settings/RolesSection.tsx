import {
  allPermissions,
  documentActions,
  documentSubjects,
  otherPermissions,
  type Role,
  roleIds,
  routes,
} from '@mizan/contract';
import { useState } from 'react';
import { call } from '../../app/api.ts';
import { IonButton, IonCheckbox, IonInput, IonItem, IonList, IonNote } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { settingsText as t } from './settingsText.ts';
import { settingsKeys, useRoles, useSettingsChange } from './useSettings.ts';

type Draft = { name: string; permissions: Set<string>; discount_limit: string };
const draftOf = (role: Role): Draft => ({
  name: role.name,
  permissions: new Set(role.permissions),
  discount_limit: role.discount_limit,
});

/** One role: its name, its discount limit and a tick per permission (documents as a grid of kind × action). */
function RoleEditor({ role }: { role: Role }) {
  const [draft, setDraft] = useState(() => draftOf(role));
  const update = useSettingsChange(
    (body: { id: number; name: string; permissions: string[]; discount_limit: string }) =>
      call(routes.roles.update, { body }),
    settingsKeys.roles,
  );
  const notify = useNotify();
  const fixed = role.id === roleIds.owner;
  const tick = (permission: string, on: boolean) =>
    setDraft((d) => {
      const permissions = new Set(d.permissions);
      if (on) permissions.add(permission);
      else permissions.delete(permission);
      return { ...d, permissions };
    });
  const box = (permission: string, label: string) => (
    <IonCheckbox
      key={permission}
      checked={draft.permissions.has(permission)}
      disabled={fixed}
      aria-label={label}
      data-permission={permission}
      onIonChange={(event) => tick(permission, event.detail.checked)}
    />
  );
  const save = () =>
    update.mutate(
      {
        id: role.id,
        name: draft.name,
        // In the order of the list, so a role reads the same however it was ticked.
        permissions: allPermissions.filter((permission) => draft.permissions.has(permission)),
        discount_limit: draft.discount_limit,
      },
      { onSuccess: () => notify.done(t.saved), onError: notify.failed },
    );
  return (
    <details className="role-editor" data-role={role.key}>
      <summary>{role.name}</summary>
      {fixed && <IonNote>{t.ownerRoleFixed}</IonNote>}
      <IonList className="form-grid">
        <IonItem>
          <IonInput
            label={t.roleName}
            labelPlacement="stacked"
            value={draft.name}
            disabled={fixed}
            onIonInput={(event) => setDraft((d) => ({ ...d, name: String(event.detail.value ?? '') }))}
          />
        </IonItem>
        <IonItem>
          <IonInput
            label={t.discountLimit}
            labelPlacement="stacked"
            inputmode="decimal"
            value={draft.discount_limit}
            disabled={fixed}
            onIonInput={(event) => setDraft((d) => ({ ...d, discount_limit: String(event.detail.value ?? '') }))}
          />
        </IonItem>
      </IonList>
      <h4>{t.documents}</h4>
      <div className="table-scroll">
        <table className="permission-grid">
          <thead>
            <tr>
              <th />
              {Object.values(documentActions).map((action) => (
                <th key={action}>{action}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Object.entries(documentSubjects).map(([subject, subjectName]) => (
              <tr key={subject}>
                <th>{subjectName}</th>
                {Object.entries(documentActions).map(([action, actionName]) => (
                  <td key={action}>{box(`${subject}.${action}`, `${subjectName}: ${actionName}`)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h4>{t.otherPermissions}</h4>
      <IonList>
        {Object.entries(otherPermissions).map(([permission, name]) => (
          <IonItem key={permission}>
            {box(permission, name)}
            <span className="permission-name">{name}</span>
          </IonItem>
        ))}
      </IonList>
      {!fixed && (
        <IonButton onClick={save} disabled={update.isPending} data-testid={`save-role-${role.key}`}>
          {t.saveRole}
        </IonButton>
      )}
    </details>
  );
}

/** The owner's role editor: rename a role, tick what it permits. */
export function RolesSection() {
  const roles = useRoles();
  return (
    <div data-testid="roles">
      {(roles.data ?? []).map((role) => (
        <RoleEditor key={`${role.id}|${role.name}|${role.permissions.join()}|${role.discount_limit}`} role={role} />
      ))}
    </div>
  );
}
