import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The walls between the rooms are lint rules (eslint.config.js). These probes are wrong on purpose:
// each is written into the tree, linted with the project's own configuration, and deleted again.
const root = path.resolve(import.meta.dirname, '../..');
// The walk eslint.config.js uses (scripts/ has no import alias: loaded by its path).
const { landingReach, runtimeSpecifiers } = (await import(pathToFileURL(path.join(root, 'scripts/landing-reach.mjs')).href)) as {
  landingReach: (root?: string) => string[];
  runtimeSpecifiers: (source: string) => string[];
};
const probes = {
  sharedImportsServer: 'src/shared/zz-wall-probe.ts',
  featureImportsRepository: 'src/server/features/contact/zz-wall-probe.ts',
  featureImportsFace: 'src/server/features/contact/zz-wall-probe-face.ts',
  dbImportsFeature: 'src/server/db/zz-wall-probe.ts',
  cycleA: 'src/server/lib/zz-wall-probe-cycle-a.ts',
  cycleB: 'src/server/lib/zz-wall-probe-cycle-b.ts',
};
const sources: Record<keyof typeof probes, string> = {
  sharedImportsServer: "import { loadConfig } from '#server/config';\n\nexport const probe = loadConfig;\n",
  featureImportsRepository: "import { upsertLead } from '#server/features/leads/leads.repository';\n\nexport const probe = upsertLead;\n",
  featureImportsFace: "import { touchLead } from '#server/features/leads';\n\nexport const probe = touchLead;\n",
  dbImportsFeature: "import { touchLead } from '#server/features/leads';\n\nexport const probe = touchLead;\n",
  cycleA: "import { b } from './zz-wall-probe-cycle-b';\n\nexport const a = (): number => b() + 1;\n",
  cycleB: "import { a } from './zz-wall-probe-cycle-a';\n\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n",
};

afterAll(() => {
  for (const file of Object.values(probes)) rmSync(path.join(root, file), { force: true });
});

describe('the walls between the rooms (lint)', () => {
  it('fail a wrong import and let the public face through', { timeout: 180_000 }, async () => {
    for (const [name, file] of Object.entries(probes)) writeFileSync(path.join(root, file), sources[name as keyof typeof probes]);
    const eslint = new ESLint({ cwd: root });
    const results = await eslint.lintFiles(Object.values(probes).map((file) => path.join(root, file)));
    const errors = (file: string) => results.find((r) => r.filePath === path.join(root, file))!.messages.map((m) => `${m.ruleId}: ${m.message}`);

    expect(errors(probes.sharedImportsServer)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^import-x\/no-restricted-paths: .*shared\/ imports neither the server nor the web client/)]),
    );
    expect(errors(probes.featureImportsRepository)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*A feature reaches another only through its public face/),
    ]);
    expect(errors(probes.featureImportsFace)).toEqual([]);
    expect(errors(probes.dbImportsFeature)).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*db\/ and lib\/ import no feature/)]);
    expect(errors(probes.cycleA)).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
    expect(errors(probes.cycleB)).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });
});

// The web side's walls, probed without writing into the tree: each probe is linted as if it were the
// file at `filePath` (a new file in a feature, or an existing file the landing page loads).
describe('the walls between the web rooms (lint)', () => {
  const eslint = new ESLint({ cwd: root });
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
  };
  const probe = (line: string, name: string) => `${line}\n\nexport const probe = ${name};\n`;

  it('let a web feature reach another only through its doors, and never app/', { timeout: 180_000 }, async () => {
    const inLeads = 'src/web/features/leads/zz-wall-probe.tsx';
    expect(await lint(inLeads, probe("import { VisitBooking } from '#web/features/visits/visit-booking';", 'VisitBooking'))).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*A web feature reaches another only through its doors/),
    ]);
    expect(await lint(inLeads, probe("import { LeadVisitsCard } from '#web/features/visits/staff/lead-visits-card';", 'LeadVisitsCard'))).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*A web feature reaches another only through its doors/),
    ]);
    expect(await lint(inLeads, probe("import { VisitBooking } from '#web/features/visits';", 'VisitBooking'))).toEqual([]);
    expect(await lint(inLeads, probe("import { LeadVisitsCard } from '#web/features/visits/staff';", 'LeadVisitsCard'))).toEqual([]);
    expect(await lint(inLeads, probe("import { fetchLeads } from './leads-api';", 'fetchLeads'))).toEqual([]);
    expect(await lint(inLeads, probe("import { PublicFrame } from '#web/app/public-frame';", 'PublicFrame'))).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Web features never import app\//),
    ]);
    expect(await lint('src/web/lib/zz-wall-probe.ts', probe("import { fetchLeads } from '#web/features/leads';", 'fetchLeads'))).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*web lib\/ and components\/ import no feature/),
    ]);
  });

  it('keep react-router, antd, zod and SurveyJS out of what the landing page loads', { timeout: 180_000 }, async () => {
    const reached = 'src/web/features/consent/consent-notice.tsx';
    const banned = /^@typescript-eslint\/no-restricted-imports: .*The landing page loads this file/;
    expect(await lint(reached, probe("import { Button } from 'antd';", 'Button'))).toEqual([expect.stringMatching(banned)]);
    expect(await lint(reached, probe("import { Link } from 'react-router';", 'Link'))).toEqual([expect.stringMatching(banned)]);
    expect(await lint(reached, probe("import { z } from 'zod';", 'z'))).toEqual([expect.stringMatching(banned)]);
    expect(await lint(reached, probe("import { Model } from 'survey-core';", 'Model'))).toEqual([expect.stringMatching(banned)]);
    expect(await lint(reached, "import type { LoaderFunctionArgs } from 'react-router';\n\nexport type Probe = LoaderFunctionArgs;\n")).toEqual([]);
    expect(await lint(reached, probe("import { Link } from '#web/lib/site-nav';", 'Link'))).toEqual([]);
    // A staff page is not the landing page's: antd is its own.
    expect(await lint('src/web/features/leads/staff/zz-wall-probe.tsx', probe("import { Button } from 'antd';", 'Button'))).toEqual([]);
  });

  it('walk what the landing page loads: static imports, not types, not what it imports later', () => {
    expect(
      runtimeSpecifiers(
        "import type { A } from 'a';\nimport { b, type C } from 'b';\nexport { d } from 'd';\nexport type { E } from 'e';\nimport 'f.css';\nconst g = () => import('g');\n",
      ),
    ).toEqual(['b', 'd', 'f.css']);
    const files = landingReach(root);
    expect(files).toEqual(
      expect.arrayContaining([
        'src/web/start-landing.tsx',
        'src/web/app/landing-island.tsx',
        'src/web/features/responses/landing-page.tsx',
        'src/web/features/consent/consent-notice.tsx',
        'src/web/lib/site-nav.tsx',
        'src/web/lib/site-settings.ts',
        'src/shared/paths.ts',
      ]),
    );
    // The app and its router come in on the first navigation (a dynamic import), the survey when it starts.
    for (const later of ['src/web/start-app.tsx', 'src/web/app/routes.tsx', 'src/web/features/responses/light-survey.tsx', 'src/web/lib/page-data.tsx']) {
      expect(files).not.toContain(later);
    }
  });
});
