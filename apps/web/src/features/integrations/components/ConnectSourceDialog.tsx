import type { Integration, IntegrationSource } from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { useConnectIntegration } from '../hooks/useIntegrations';
import { ApiKeyDialog } from './ApiKeyDialog';

/** Connect: a source becomes an integration with its API key (002 §5: 'API key is required'). */
export function ConnectSourceDialog({
  source,
  onClose,
  onConnected,
}: {
  source: IntegrationSource | null;
  onClose: () => void;
  onConnected: (integration: Integration) => void;
}) {
  const connect = useConnectIntegration();
  return (
    <ApiKeyDialog
      opened={source !== null}
      title={source ? `Connect ${source.name}` : 'Connect'}
      submitLabel="Connect"
      description="Calls to this API carry the key as its document's security scheme says. It is stored encrypted and never shown again."
      pending={connect.isPending}
      onClose={onClose}
      onSubmit={(apiKey, done) => {
        if (!source) return;
        connect.mutate(
          { sourceId: source.id, api_key: apiKey },
          {
            onSuccess: (integration) => {
              notify.success(`${integration.name} connected`);
              done();
              onConnected(integration);
            },
            onError: (error) => notify.error(errorDetail(error), 'Failed to connect'),
          },
        );
      }}
    />
  );
}
