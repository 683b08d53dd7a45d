import { mayRecord } from '@proctor/contracts';
import { AccessDialog } from '../../../components/AccessDialog';
import { PageHeader } from '../../../components/PageHeader';
import { LoginDialog, useAuth } from '../../auth';
import { RecorderWorkspace } from '../components/RecorderWorkspace';

/**
 * /recorder and /recorder/{testCaseId} (000 §2.8): the recorder for members who may record (playground_access
 * or is_human_recorder: mayRecord; the server refuses environments to others too); a login dialog signed out,
 * an access dialog without either flag.
 */
export function RecorderPage() {
  const auth = useAuth();
  if (auth.status === 'authenticated' && mayRecord(auth.user.permissions))
    return <RecorderWorkspace organizationId={auth.user.organizationId} />;
  return (
    <>
      <PageHeader title="Recorder" />
      {auth.status === 'anonymous' && <LoginDialog />}
      {auth.status === 'authenticated' && (
        <AccessDialog
          title="Recorder access"
          description="Recording is not enabled for your account yet. Access will be granted shortly."
        />
      )}
    </>
  );
}
