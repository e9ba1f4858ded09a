// What a signed-in page shows before its data arrives, or when it cannot load.
import { useTranslations } from 'next-intl';
import { Alert } from './alert';
import { Button } from './button';
import { panelStyles } from './panel';

export function Loading({ what }: { what: string }) {
  const t = useTranslations('common');
  return (
    <div className={panelStyles.panel} role="status" aria-live="polite" aria-busy="true">
      <p className={panelStyles.muted}>{t('loading', { what })}</p>
    </div>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  const t = useTranslations('common');
  return (
    <div role="alert" className={panelStyles.panel}>
      <Alert tone="error">{message}</Alert>
      <div>
        <Button variant="secondary" onClick={onRetry}>
          {t('tryAgain')}
        </Button>
      </div>
    </div>
  );
}
