import { AccessDialog } from '../../../components/AccessDialog';
import { AreaNotAvailable } from '../../../components/AreaNotAvailable';
import { LoginDialog, useAuth } from '../../auth';

/** /recorder and /recorder/{testCaseId} (000 §2.8): a login dialog signed out, an access dialog without the flag. */
export function RecorderPage() {
  const auth = useAuth();
  return (
    <>
      <AreaNotAvailable title="Recorder" />
      {auth.status === 'anonymous' && <LoginDialog />}
      {auth.status === 'authenticated' && !auth.user.permissions.playground_access && (
        <AccessDialog
          title="Recorder access"
          description="Recording is not enabled for your account yet. Access will be granted shortly."
        />
      )}
    </>
  );
}
