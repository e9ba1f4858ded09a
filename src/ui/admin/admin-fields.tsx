'use client';
// The fields an admin account has: name, type and modules, shared by the create form and the
// editor. Only what the signed-in admin may grant is offered: the super_admin type to super admins
// only, and to an admin only the modules it holds itself (the service refuses anything else).
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { ADMIN_MODULES, ADMIN_TYPES, type AdminType } from '@/contract/module-keys';
import type { AdminProfile } from '@/contract/auth-schemas';
import { ACCOUNT_TYPE_LABEL } from '../auth/role-text';
import { CheckboxGroup, ChoiceGroup } from '../components/choice-group';
import { MODULE_LABEL } from '../session/module-navigation';
import { NameField } from './account-forms';

type AdminModule = (typeof ADMIN_MODULES)[number];

export interface AdminFieldValues {
  name: string;
  admin_type: AdminType;
  modules: AdminModule[];
}

export interface AdminFieldsProps {
  /** The signed-in admin. */
  actor: AdminProfile;
  value: AdminFieldValues;
  onChange(value: AdminFieldValues): void;
  fieldError(field: string): string | undefined;
  /** Modules the account holds already: they stay on offer even when the actor lacks them. */
  held?: readonly string[];
  /** Fields shown after the name (the e-mail, when inviting). */
  credentials?: ReactNode;
}

export function AdminFields({ actor, value, onChange, fieldError, held = [], credentials }: AdminFieldsProps) {
  const t = useTranslations('admin.adminFields');
  const superActor = actor.admin_type === 'super_admin';
  const types = ADMIN_TYPES.filter((type) => superActor || type !== 'super_admin' || value.admin_type === type);
  const modules = ADMIN_MODULES.filter((m) => superActor || actor.modules.includes(m) || held.includes(m));
  return (
    <>
      <NameField value={value.name} onChange={(name) => onChange({ ...value, name })} error={fieldError('name')} />
      {credentials}
      <ChoiceGroup
        legend={t('type')}
        name="admin_type"
        choices={types.map((type) => ({ value: type, label: ACCOUNT_TYPE_LABEL[type] ?? type }))}
        value={value.admin_type}
        onChange={(type) => onChange({ ...value, admin_type: type as AdminType })}
        hint={superActor ? t('typeHint') : undefined}
        error={fieldError('admin_type')}
      />
      <CheckboxGroup
        legend={t('modules')}
        name="modules"
        choices={modules.map((m) => ({ value: m, label: MODULE_LABEL[m] }))}
        values={value.modules}
        onChange={(next) => onChange({ ...value, modules: ADMIN_MODULES.filter((m) => next.includes(m)) })}
        hint={value.admin_type === 'super_admin' ? t('modulesHintSuper') : t('modulesHint')}
        error={fieldError('modules')}
      />
    </>
  );
}
