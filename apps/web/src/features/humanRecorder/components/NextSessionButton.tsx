import { Button } from '@mantine/core';
import { NO_SESSIONS_FOR_SCORING } from '@proctor/contracts';
import { IconChecklist } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import { useNextSessionToScore } from '../../sessions';

/** Opens the next session that needs the annotator's score, or says there is none (000 §2.7, §8). */
export function NextSessionButton() {
  const navigate = useNavigate();
  const nextSession = useNextSessionToScore();
  return (
    <Button
      leftSection={<IconChecklist size={16} />}
      loading={nextSession.isPending}
      onClick={() =>
        nextSession.mutate(undefined, {
          onSuccess: (next) => {
            if (next.found && next.session) navigate(paths.session(next.session.sessionId));
            else notify.info(NO_SESSIONS_FOR_SCORING);
          },
          onError: (error) => notify.error(errorDetail(error), 'Failed to fetch next session'),
        })
      }
    >
      Next session
    </Button>
  );
}
