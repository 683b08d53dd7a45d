import type { TestCaseDefinition } from '../../../kit';
import { addComment, openIssue, pick, signIn } from './steps';

/** Direct edits of one issue: assignee (shadow-DOM picker), comments, links, sub-tasks. */
export const issueEditingCases: TestCaseDefinition[] = [
  {
    key: 'assign-password-reset-bug',
    name: 'Assign the password reset bug',
    prompt:
      'Please assign WEB-101, the bug about password reset links expiring after 5 minutes, to Priya Nair.',
    startUrl: '/issues',
    hint: 'The assignee is changed from the issue page, in the properties panel on the right.',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'update a record',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['iframe_and_shadow_dom', 'forms_and_inputs', 'auth_and_bot_protection'],
    },
    expectedMutations: [{ action: 'UPDATE', table_name: 'issues', pk: '101', changes: { assignee_id: 2 } }],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await openIssue(page, 'WEB-101');
      await pick(page, 'Assignee', 'Priya Nair', 'Assigned to Priya Nair');
      return undefined;
    },
    // The other Priya: a QA engineer with a similar name.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openIssue(page, 'WEB-101');
      await pick(page, 'Assignee', 'Priya Natarajan', 'Assigned to Priya Natarajan');
      return undefined;
    },
  },
  {
    key: 'comment-on-sso-certificates',
    name: 'Give an update on the SSO certificates',
    prompt:
      'Post this update on the infrastructure issue about TLS certificates for the SSO custom domain: "Certificates are issued; waiting on the DNS change."',
    startUrl: '/issues',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'search_and_extract', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'comments',
        changes: { issue_id: 424, author_id: 1, body: 'Certificates are issued; waiting on the DNS change.' },
      },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await page.getByRole('searchbox', { name: 'Search issues' }).fill('TLS certificates');
      await page.getByRole('searchbox', { name: 'Search issues' }).press('Enter');
      await page.getByRole('link', { name: 'Provision TLS certificates for the SSO custom domain' }).click();
      await page.waitForURL('**/issues/OPS-101');
      await addComment(page, 'Certificates are issued; waiting on the DNS change.');
      return undefined;
    },
    // The web issue that waits on the certificates, not the infrastructure one.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openIssue(page, 'WEB-107');
      await addComment(page, 'Certificates are issued; waiting on the DNS change.');
      return undefined;
    },
  },
  {
    key: 'link-billing-page-dependency',
    name: 'Record that the billing page waits on the metering API',
    prompt:
      "We can't start the usage-based billing page (WEB-105) until API-103, the usage metering endpoint, is done. Record that dependency in Linework.",
    startUrl: '/issues',
    hint: 'Use "Link issue" on one of the two issues.',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a relation',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'issue_links',
        changes: { source_id: 322, target_id: 105, kind: 'blocks' },
      },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await openIssue(page, 'WEB-105');
      await page.getByRole('button', { name: 'Link issue' }).click();
      await page.getByLabel('This issue…').selectOption({ label: 'is blocked by' });
      await page.getByLabel('Issue key').fill('API-103');
      await page.getByRole('dialog').getByRole('button', { name: 'Link issue' }).click();
      await page.getByText('WEB-105 is blocked by API-103').waitFor();
      return undefined;
    },
    // The direction reversed: WEB-105 would block the API work.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openIssue(page, 'WEB-105');
      await page.getByRole('button', { name: 'Link issue' }).click();
      await page.getByLabel('This issue…').selectOption({ label: 'blocks' });
      await page.getByLabel('Issue key').fill('API-103');
      await page.getByRole('dialog').getByRole('button', { name: 'Link issue' }).click();
      await page.getByText('WEB-105 blocks API-103').waitFor();
      return undefined;
    },
  },
  {
    key: 'add-saml-guide-subtask',
    name: 'Add a documentation sub-task to the SSO story',
    prompt:
      'Add a sub-task "Write the SAML setup guide" to the SAML single sign-on story in the Web App project and give it to Chloé Dubois.',
    startUrl: '/issues',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays', 'search_and_extract'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'issues',
        changes: {
          project_id: 1,
          parent_id: 104,
          title: 'Write the SAML setup guide',
          assignee_id: 18,
          sprint_id: 5,
          status: 'todo',
          type: 'task',
        },
      },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await page.getByRole('searchbox', { name: 'Search issues' }).fill('SAML single sign-on');
      await page.getByRole('searchbox', { name: 'Search issues' }).press('Enter');
      await page.getByRole('link', { name: 'Add SAML single sign-on for Enterprise workspaces' }).click();
      await page.getByRole('button', { name: 'Add sub-task' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Title').fill('Write the SAML setup guide');
      await dialog.getByLabel('Assignee').selectOption({ label: 'Chloé Dubois' });
      await dialog.getByRole('button', { name: 'Create sub-task' }).click();
      await page.getByText('Sub-task WEB-112 created').waitFor();
      return undefined;
    },
    // Files it as a sub-task of the API story with the same subject.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openIssue(page, 'API-101');
      await page.getByRole('button', { name: 'Add sub-task' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Title').fill('Write the SAML setup guide');
      await dialog.getByLabel('Assignee').selectOption({ label: 'Chloé Dubois' });
      await dialog.getByRole('button', { name: 'Create sub-task' }).click();
      await page.getByText('Sub-task API-105 created').waitFor();
      return undefined;
    },
  },
  {
    key: 'fix-typo-in-my-comment',
    name: 'Fix a typo in my comment',
    prompt:
      'I misspelled "receive" in my comment on the share-sheet crash reports issue in Mobile. Please correct my comment (do not post a new one).',
    startUrl: '/issues',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'update a record',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['forms_and_inputs', 'search_and_extract'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'comments',
        pk: '398',
        changes: { body: 'We should receive the symbolicated crash logs from Apple by Friday.' },
      },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await page.getByRole('searchbox', { name: 'Search issues' }).fill('share sheet');
      await page.getByRole('searchbox', { name: 'Search issues' }).press('Enter');
      await page
        .getByRole('link', { name: 'Crash reports from the share sheet are missing device info' })
        .click();
      const mine = page.locator('.comment', { hasText: 'recieve' });
      await mine.getByRole('button', { name: 'Edit' }).click();
      const box = mine.getByLabel('Edit comment');
      const text = await box.inputValue();
      await box.fill(text.replace('recieve', 'receive'));
      await mine.getByRole('button', { name: 'Save comment' }).click();
      await page.getByText('Comment updated').waitFor();
      return undefined;
    },
    // Posts the corrected sentence as a new comment and leaves the typo in place.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openIssue(page, 'MOB-107');
      await addComment(page, 'We should receive the symbolicated crash logs from Apple by Friday.');
      return undefined;
    },
  },
];
