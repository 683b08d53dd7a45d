import { AccessDialog } from '../../../components/AccessDialog';
import { PageHeader } from '../../../components/PageHeader';
import { LoginDialog, useAuth } from '../../auth';
import { PlaygroundWorkspace } from '../components/PlaygroundWorkspace';

/** /playground (000 §2.8): members with playground_access; others see the Playground Access dialog. */
export function PlaygroundPage() {
  const auth = useAuth();
  if (auth.status === 'authenticated' && auth.user.permissions.playground_access)
    return <PlaygroundWorkspace />;
  return (
    <>
      <PageHeader title="Playground" />
      {auth.status === 'anonymous' && <LoginDialog />}
      {auth.status === 'authenticated' && (
        <AccessDialog
          title="Playground Access"
          description="The playground is not enabled for your account yet. Access will be granted shortly."
        />
      )}
    </>
  );
}
