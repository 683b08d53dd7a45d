import { useState } from 'react';
import { QueryView } from '../../../components/QueryView';
import { useSession } from '../hooks/useSession';
import { StepViewer } from './StepViewer';

/**
 * A recorded session replayed as its own page shows it (000 §2.5): each step's screenshot, the DOM replay kept at
 * the same moment, the steps taken and the timeline; for another page to embed (the demo's recorded run).
 */
export function SessionReplay({ sessionId }: { sessionId: string }) {
  const session = useSession(sessionId, false);
  const [selected, setSelected] = useState(0);
  return (
    <QueryView
      query={session}
      errorTitle="Failed to load the recorded run"
      loading={{ label: 'Loading the recorded run' }}
    >
      {(detail) => <StepViewer detail={detail} selected={selected} onSelect={setSelected} />}
    </QueryView>
  );
}
