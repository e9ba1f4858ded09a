// The panel of the module chosen in the navigation: what the account may do there. The module's
// own screens belong to other services of the platform, not to this one.
import type { GuardSubject } from '@/core/module-access';
import type { ModuleKey } from '@/contract/module-keys';
import { Panel, panelStyles } from '../components/panel';
import { accessInWords, allowedModules, MODULE_LABEL } from './module-navigation';

export function ModulePanel({ subject, module }: { subject: GuardSubject; module: ModuleKey }) {
  const allowed = allowedModules(subject).includes(module);
  return (
    <Panel title={MODULE_LABEL[module]}>
      {allowed ? (
        <>
          <p>{accessInWords(subject, module)}</p>
          <p className={panelStyles.muted}>
            The {MODULE_LABEL[module].toLowerCase()} screens are served by their own service on the platform, which
            trusts this sign-in.
          </p>
        </>
      ) : (
        <p>Your account has no access to this module. Ask an administrator if you need it.</p>
      )}
    </Panel>
  );
}
