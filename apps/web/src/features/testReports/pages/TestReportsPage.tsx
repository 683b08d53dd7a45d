import { Alert, Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import {
  DATE_TIME_FORMAT,
  formatByteSize,
  LAYOUT,
  TEST_REPORT_MESSAGES,
  type TestReport,
} from '@proctor/contracts';
import { IconDownload, IconEye, IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { useSignedInUser } from '../../auth';
import { NewTestReportDialog } from '../components/NewTestReportDialog';
import { useDownloadTestReport, useTestReportHtml, useTestReports } from '../hooks/useTestReports';

/**
 * /test (002 §2.1, §7.10): reports rendered over completed test runs, for the platform admins who run them.
 * A report is shown in a frame with an empty sandbox: whatever its template wrote, nothing in it runs.
 */
export function TestReportsPage() {
  const user = useSignedInUser();
  const isAdmin = user.permissions.is_admin;
  const reports = useTestReports(isAdmin);
  const download = useDownloadTestReport();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<TestReport | null>(null);

  if (!isAdmin)
    return (
      <>
        <PageHeader title="Test reports" />
        <Alert color="gray">{TEST_REPORT_MESSAGES.adminsOnly}</Alert>
      </>
    );
  return (
    <>
      <PageHeader
        title="Test reports"
        description="Reports rendered over completed test runs (Admin → Test Run Dumps)."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New report
          </Button>
        }
      />
      <QueryView query={reports} errorTitle={TEST_REPORT_MESSAGES.loadFailed} loading={{ rows: 4 }}>
        {({ reports: list }) =>
          list.length === 0 ? (
            <Text c="dimmed" size="sm">
              {TEST_REPORT_MESSAGES.empty}
            </Text>
          ) : (
            <Table striped highlightOnHover data-testid="test-reports">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Run</Table.Th>
                  <Table.Th>Template</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((report) => (
                  <Table.Tr key={report.id} data-report={report.id}>
                    <Table.Td>{report.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {report.run_id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        size="sm"
                        color={report.template === 'custom' ? 'grape' : 'blue'}
                      >
                        {report.template === 'custom' ? 'Custom' : "Proctor's"}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{dayjs(report.created_at).format(DATE_TIME_FORMAT)}</Table.Td>
                    <Table.Td>{formatByteSize(report.size)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconEye size={14} />}
                          onClick={() => setViewing(report)}
                        >
                          View
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconDownload size={14} />}
                          loading={download.isPending && download.variables?.id === report.id}
                          onClick={() => download.mutate(report)}
                        >
                          Download
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryView>
      <NewTestReportDialog opened={creating} onClose={() => setCreating(false)} />
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing?.name}
        size={LAYOUT.dialogWidths.large}
      >
        {viewing && <ReportFrame report={viewing} />}
      </Modal>
    </>
  );
}

function ReportFrame({ report }: { report: TestReport }) {
  const html = useTestReportHtml(report);
  return (
    <QueryView query={html} errorTitle={TEST_REPORT_MESSAGES.viewFailed}>
      {(document) => (
        <iframe
          title={report.name}
          sandbox=""
          srcDoc={document}
          style={{ width: '100%', height: '70vh', border: '1px solid var(--mantine-color-gray-3)' }}
        />
      )}
    </QueryView>
  );
}
