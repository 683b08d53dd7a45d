import { type ExtractNode, WEB_FLOW_LIMITS } from '@proctor/contracts';
import type { Page } from 'playwright-core';
import { extractOutput, type RawItem } from './extractOutput';
import { COLLECT_EXTRACT, called } from './pageScripts';

interface EvaluateAnswer {
  result?: { value?: unknown };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

/**
 * Reads an extract's fields in one evaluation: the page collects the matched elements' texts (pageScripts.ts), this
 * side filters and coerces them (extractOutput.ts). The evaluation runs under the DevTools protocol's own timeout,
 * which terminates the script in the renderer, so a page that never answers fails the node instead of holding it.
 */
export async function runExtract(page: Page, node: ExtractNode): Promise<Record<string, unknown>> {
  await page.waitForLoadState('domcontentloaded', { timeout: WEB_FLOW_LIMITS.actTimeoutMs });
  const cdp = await page.context().newCDPSession(page);
  try {
    const answer = (await cdp.send('Runtime.evaluate', {
      expression: called(COLLECT_EXTRACT, {
        fields: node.schema.fields,
        maxValues: WEB_FLOW_LIMITS.extractValues,
      }),
      returnByValue: true,
      timeout: WEB_FLOW_LIMITS.extractTimeoutMs,
    })) as EvaluateAnswer;
    if (answer.exceptionDetails) {
      const details = answer.exceptionDetails;
      const message = details.exception?.description?.split('\n')[0] ?? details.text ?? 'The extract failed';
      throw new Error(
        /terminated/i.test(message)
          ? `The extract did not finish in ${WEB_FLOW_LIMITS.extractTimeoutMs / 1000} s`
          : message,
      );
    }
    return extractOutput(node.schema.fields, (answer.result?.value ?? []) as RawItem[][]);
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
