'use client';
// "Download my data": the customer's profile, sessions and security events as a JSON file.
import { useAction } from '../admin/use-action';
import { ActionForm } from '../components/action-form';
import { Panel, panelStyles } from '../components/panel';
import { trpc } from '../trpc/client';

function saveJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function DownloadData() {
  const utils = trpc.useUtils();
  const download = useAction(
    () => utils.client.customer.exportMe.query(),
    (data) => {
      saveJson(data, 'my-data.json');
      return 'Your data has been downloaded.';
    },
  );
  return (
    <Panel title="Download your data">
      <p className={panelStyles.muted}>
        Your profile, your active sessions and your account&apos;s security events, as a JSON file.
      </p>
      <ActionForm
        label="Download your data"
        submitLabel="Download my data"
        pendingLabel="Preparing…"
        pending={download.pending}
        error={download.error}
        success={download.success}
        onSubmit={() => download.run(undefined)}
      >
        {null}
      </ActionForm>
    </Panel>
  );
}
