import type { PersonalData } from '#server/lib/personal-data';
import { deleteImportRowsOfLead, importRowsOfLead } from './imports.repository';

/** The spreadsheet rows an import made into a lead or added to one: the row's values (project, budget, message…) and what it filled. */
export const personalData: PersonalData = {
  feature: 'imports',
  tables: ['lead_import_rows'],
  async export(db, leadId) {
    const rows = await importRowsOfLead(db, leadId);
    return rows.map((r) => ({
      file: r.fileName,
      importedAt: r.createdAt,
      row: r.row,
      filled: r.filled === null ? null : (JSON.parse(r.filled) as unknown),
      details: r.details === null ? null : (JSON.parse(r.details) as unknown),
    }));
  },
  erase: (trx, leadId) => deleteImportRowsOfLead(trx, leadId),
};
