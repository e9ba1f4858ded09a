'use client';
// The fields an employee has: name, modules with their permissions, and the stores it works in;
// shared by the create form and the editor.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { Store } from '@/contract/administration-schemas';
import { CheckboxGroup } from '../components/choice-group';
import { NameField } from './account-forms';
import { ModuleAccessField, type ModuleAccess } from './module-access-field';

export interface EmployeeFieldValues extends ModuleAccess {
  name: string;
  store_ids: string[];
}

export interface EmployeeFieldsProps {
  value: EmployeeFieldValues;
  onChange(value: EmployeeFieldValues): void;
  /** The business's stores loaded so far. */
  stores: readonly Pick<Store, 'id' | 'name'>[];
  fieldError(field: string): string | undefined;
  /** Fields shown after the name (the e-mail, when inviting). */
  credentials?: ReactNode;
}

export function EmployeeFields({ value, onChange, stores, fieldError, credentials }: EmployeeFieldsProps) {
  const t = useTranslations('admin.employeeFields');
  return (
    <>
      <NameField value={value.name} onChange={(name) => onChange({ ...value, name })} error={fieldError('name')} />
      {credentials}
      <ModuleAccessField
        value={value}
        onChange={(access) => onChange({ ...value, ...access })}
        error={fieldError('modules') ?? fieldError('module_permissions')}
      />
      {stores.length ? (
        <CheckboxGroup
          legend={t('stores')}
          name="store_ids"
          hint={t('storesHint')}
          choices={stores.map((store) => ({ value: store.id, label: store.name }))}
          values={value.store_ids}
          onChange={(storeIds) => onChange({ ...value, store_ids: storeIds })}
          error={fieldError('store_ids')}
        />
      ) : (
        <p>{t('noStores')}</p>
      )}
    </>
  );
}
