import { createRequire } from 'node:module';

/**
 * structured-data-testing-tool (an independent checker of schema.org markup and share tags, without
 * types of its own): what the tests use of it.
 */
export interface StructuredDataTest {
  test: string;
  type?: 'jsonld' | 'metatag' | 'microdata' | 'rdfa';
  expect?: boolean | string | RegExp;
  warning?: boolean;
}
interface TestResult {
  test: string;
  description?: string;
  error?: { message: string };
}
export interface StructuredDataResult {
  passed: TestResult[];
  failed: TestResult[];
  warnings: TestResult[];
  schemas: string[];
  structuredData: { jsonld: Record<string, Array<Record<string, unknown>>>; metatags: Record<string, string[]> };
}
interface Preset {
  name: string;
}

const require = createRequire(import.meta.url);
const tool = require('structured-data-testing-tool') as {
  structuredDataTest(html: string, options: { presets?: Preset[]; schemas?: string[]; tests?: StructuredDataTest[] }): Promise<StructuredDataResult>;
};
const presets = require('structured-data-testing-tool/presets') as { Twitter: Preset; Facebook: Preset };
/** Every schema.org type the checker knows. */
export const SCHEMA_ORG_TYPES: ReadonlySet<string> = new Set(Object.keys(require('structured-data-testing-tool/lib/schemas').schemas as object));

/**
 * Runs the checker over a page's HTML with its Twitter and Facebook (Open Graph) presets, the
 * schemas it must hold and the page's own tests. Resolves with every test's result; failures are
 * listed (test, why) rather than thrown, so an assertion can show them all.
 */
export async function checkStructuredData(
  html: string,
  options: { schemas: string[]; tests: StructuredDataTest[] },
): Promise<StructuredDataResult & { failures: string[] }> {
  const run = tool.structuredDataTest(html, { presets: [presets.Twitter, presets.Facebook], ...options });
  const result = await run.catch((error: { type?: string; res?: StructuredDataResult }) => {
    if (error.type === 'VALIDATION_FAILED' && error.res) return error.res;
    throw error;
  });
  return { ...result, failures: result.failed.map((f) => `${f.test}: ${f.error?.message ?? f.description ?? 'failed'}`) };
}
