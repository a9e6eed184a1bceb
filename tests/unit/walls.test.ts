import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The walls between the rooms are lint rules (eslint.config.js). These probes are wrong on purpose:
// each is written into the tree, linted with the project's own configuration, and deleted again.
const root = path.resolve(import.meta.dirname, '../..');
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
    const errors = (file: string) =>
      results.find((r) => r.filePath === path.join(root, file))!.messages.map((m) => `${m.ruleId}: ${m.message}`);

    expect(errors(probes.sharedImportsServer)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^import-x\/no-restricted-paths: .*shared\/ imports neither the server nor the web client/)]),
    );
    expect(errors(probes.featureImportsRepository)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*A feature reaches another only through its public face/),
    ]);
    expect(errors(probes.featureImportsFace)).toEqual([]);
    expect(errors(probes.dbImportsFeature)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*db\/ and lib\/ import no feature/),
    ]);
    expect(errors(probes.cycleA)).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
    expect(errors(probes.cycleB)).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });
});
