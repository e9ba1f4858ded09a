'use client';
// An employee's modules and, per module, the actions it may take (module_permissions): one row a
// module. Ticking an action grants the module too; taking the module away clears its actions.
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { actionsOf, VENDOR_MODULES, type PermissionAction } from '@/contract/module-keys';
import groupStyles from '../components/choice-group.module.css';
import { MODULE_LABEL } from '../session/module-navigation';
import styles from './module-access.module.css';

export type VendorModule = (typeof VENDOR_MODULES)[number];
export type ModuleAction = PermissionAction;

export interface ModuleAccess {
  modules: VendorModule[];
  module_permissions: Partial<Record<VendorModule, ModuleAction[]>>;
}

function toggled<T extends string>(all: readonly T[], current: readonly T[], value: T, on: boolean): T[] {
  return all.filter((v) => (v === value ? on : current.includes(v)));
}

export function ModuleAccessField({
  value,
  onChange,
  error,
}: {
  value: ModuleAccess;
  onChange(value: ModuleAccess): void;
  error?: string;
}) {
  const t = useTranslations('admin.moduleAccess');
  const id = useId();
  function setModule(module: VendorModule, on: boolean) {
    const { [module]: _dropped, ...others } = value.module_permissions;
    onChange({
      modules: toggled(VENDOR_MODULES, value.modules, module, on),
      module_permissions: on ? value.module_permissions : others,
    });
  }
  function setAction(module: VendorModule, action: ModuleAction, on: boolean) {
    const actions = toggled(actionsOf(module), value.module_permissions[module] ?? [], action, on);
    onChange({
      modules: on ? toggled(VENDOR_MODULES, value.modules, module, true) : value.modules,
      module_permissions: { ...value.module_permissions, [module]: actions },
    });
  }

  return (
    <fieldset className={groupStyles.group} aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}>
      <legend className={groupStyles.legend}>{t('legend')}</legend>
      <p id={`${id}-hint`} className={groupStyles.hint}>
        {t('hint')}
      </p>
      {VENDOR_MODULES.map((module) => (
        <fieldset key={module} className={styles.module}>
          <legend className={styles.moduleName}>{MODULE_LABEL[module]}</legend>
          <div className={styles.boxes}>
            <label className={styles.box}>
              <input
                type="checkbox"
                checked={value.modules.includes(module)}
                onChange={(e) => setModule(module, e.target.checked)}
              />
              {t('access')}
            </label>
            {actionsOf(module).map((action) => (
              <label key={action} className={styles.box}>
                <input
                  type="checkbox"
                  checked={value.module_permissions[module]?.includes(action) ?? false}
                  onChange={(e) => setAction(module, action, e.target.checked)}
                />
                {t(`action.${action}`)}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {error ? (
        <p id={`${id}-error`} className={groupStyles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
