import { AccessDialog } from '../../../components/AccessDialog';
import { AreaNotAvailable } from '../../../components/AreaNotAvailable';
import { LoginDialog, useAuth } from '../../auth';

/** /playground (000 §2.8): members with playground_access; others see the Playground Access dialog. */
export function PlaygroundPage() {
  const auth = useAuth();
  return (
    <>
      <AreaNotAvailable title="Playground" />
      {auth.status === 'anonymous' && <LoginDialog />}
      {auth.status === 'authenticated' && !auth.user.permissions.playground_access && (
        <AccessDialog
          title="Playground Access"
          description="The playground is not enabled for your account yet. Access will be granted shortly."
        />
      )}
    </>
  );
}
