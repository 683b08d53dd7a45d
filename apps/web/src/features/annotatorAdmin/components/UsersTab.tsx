import { ANNOTATOR_ADMIN_MESSAGES, ANNOTATOR_STATS_WINDOW_DAYS } from '@proctor/contracts';
import { QueryView } from '../../../components/QueryView';
import { useAnnotatorUsers } from '../hooks/useAnnotatorAdmin';
import { AnnotatorUsersTable } from './AnnotatorUsersTable';

export function UsersTab() {
  const users = useAnnotatorUsers();
  return (
    <QueryView query={users} errorTitle={ANNOTATOR_ADMIN_MESSAGES.usersFailed} loading={{ rows: 4 }}>
      {(list) => <AnnotatorUsersTable users={list} windowDays={ANNOTATOR_STATS_WINDOW_DAYS} />}
    </QueryView>
  );
}
