import { ArrowLeftOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Popconfirm, Progress, Select, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import {
  IMPORT_FIELDS,
  type ImportField,
  type ImportList,
  type ImportMapping,
  type ImportPreview,
  type ImportProgress,
  type ImportResult,
  type ImportUndone,
} from '#shared/imports/imports.contract';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';
import { leadPath, paths } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { errorMessage } from '#web/lib/api-client';
import { LoadFailed, loadPageData } from '#web/lib/page-data';
import { staffText } from '#web/lib/staff-text';
import { formatDateTime } from '#web/lib/studio-time';
import { useKeyboardScrollableTables } from '#web/lib/use-keyboard-scrollable-tables';
import { fetchImportProgress, fetchImports, previewImport, runImport, undoImport } from '../imports-api';
import './leads.css';

const FIELD_LABELS: Record<ImportField, StaffMessageKey> = {
  name: 'staff.imports.field.name',
  firstName: 'staff.imports.field.firstName',
  lastName: 'staff.imports.field.lastName',
  email: 'staff.imports.field.email',
  phone: 'staff.imports.field.phone',
  locality: 'staff.imports.field.locality',
  project: 'staff.imports.field.project',
  budget: 'staff.imports.field.budget',
  source: 'staff.imports.field.source',
  receivedAt: 'staff.imports.field.receivedAt',
  message: 'staff.imports.field.message',
  externalId: 'staff.imports.field.externalId',
};
const NONE = '';

export async function loader() {
  return loadPageData(() => fetchImports(), staffText('staff.imports.list.loadFailed'));
}

/** What the import is doing: the upload (its share), then the server's work (its progress, read while the call runs). */
type Running = { stage: 'upload'; fraction: number } | { stage: 'server'; progress: ImportProgress | null };

function newImportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `imp-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function ImportProgressBar({ running }: { running: Running }) {
  let percent: number;
  let text: string;
  if (running.stage === 'upload') {
    percent = Math.round(running.fraction * 100);
    text = staffText('staff.imports.progress.uploading', { percent });
  } else if (running.progress?.status === 'importing' && running.progress.total) {
    percent = Math.floor((running.progress.processed / running.progress.total) * 100);
    text = staffText('staff.imports.progress.importing', { processed: running.progress.processed, total: running.progress.total });
  } else if (running.progress?.status === 'reading') {
    percent = 0;
    text = staffText('staff.imports.progress.reading', { count: running.progress.processed });
  } else {
    percent = 0;
    text = staffText('staff.imports.progress.waiting');
  }
  const uploading = running.stage === 'upload';
  return (
    <div className="lead-import__progress">
      <Progress
        percent={percent}
        status="active"
        aria-label={staffText('staff.imports.progress.label')}
        aria-valuetext={text}
        // The server's part has its own bar: the upload fills one, then the import another.
        strokeColor={uploading ? undefined : '#1e6b3a'}
      />
      <p role="status" aria-live="polite" className="leads-muted">
        {text}
      </p>
    </div>
  );
}

function ImportsList({ list, onUndone }: { list: ImportList; onUndone: (file: string, undone: ImportUndone) => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const tableRef = useKeyboardScrollableTables<HTMLDivElement>();
  async function undo(id: string, file: string) {
    setBusy(id);
    setFailed(null);
    try {
      onUndone(file, await undoImport(id));
    } catch (error) {
      setFailed(errorMessage(error, staffText('staff.imports.undo.failed')));
    } finally {
      setBusy(null);
    }
  }
  const columns: TableColumnsType<ImportList['items'][number]> = [
    {
      title: staffText('staff.imports.list.file'),
      dataIndex: 'fileName',
      key: 'file',
      render: (name: string) => <span style={{ overflowWrap: 'anywhere' }}>{name}</span>,
    },
    { title: staffText('staff.imports.list.when'), dataIndex: 'createdAt', key: 'when', render: (at: string) => formatDateTime(at) },
    { title: staffText('staff.imports.list.by'), dataIndex: 'byName', key: 'by' },
    {
      title: staffText('staff.imports.list.figures'),
      key: 'figures',
      render: (_: unknown, r) => staffText('staff.imports.list.figuresValue', { created: r.created, updated: r.updated, skipped: r.skipped }),
    },
    {
      title: staffText('staff.imports.list.state'),
      key: 'undo',
      render: (_: unknown, r) => {
        if (r.undoneAt) return staffText('staff.imports.list.undoneAt', { at: formatDateTime(r.undoneAt) });
        if (!r.undoUntil || new Date(r.undoUntil).getTime() < now) return staffText('staff.imports.list.expired');
        return (
          <span className="lead-import__undo">
            <Popconfirm
              title={staffText('staff.imports.undo.confirm')}
              okText={staffText('staff.imports.undo.yes')}
              cancelText={staffText('staff.imports.undo.no')}
              onConfirm={() => void undo(r._id, r.fileName)}
            >
              <Button size="small" loading={busy === r._id} aria-label={staffText('staff.imports.undo.label', { file: r.fileName })}>
                {staffText('staff.imports.undo')}
              </Button>
            </Popconfirm>
            <span className="leads-muted">{staffText('staff.imports.list.undoUntil', { at: formatDateTime(r.undoUntil) })}</span>
          </span>
        );
      },
    },
  ];
  return (
    <div ref={tableRef}>
      {failed ? <Alert type="error" showIcon role="alert" title={failed} style={{ marginBottom: 12 }} /> : null}
      <Table
        size="small"
        rowKey="_id"
        columns={columns}
        dataSource={list.items}
        pagination={false}
        scroll={{ x: 720 }}
        aria-label={staffText('staff.imports.list.title')}
        locale={{ emptyText: <Empty description={staffText('staff.imports.list.empty')} /> }}
      />
    </div>
  );
}

/** /dashboard/leads/import: a spreadsheet of leads, its columns, a dry run, the import with its progress, and the past imports with Undo. */
export function Component() {
  const list = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | undefined>(undefined);
  const [reading, setReading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [running, setRunning] = useState<Running | null>(null);
  const [result, setResult] = useState<{ file: string; result: ImportResult } | null>(null);
  const [undone, setUndone] = useState<{ file: string; undone: ImportUndone } | null>(null);
  const poll = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearInterval(poll.current), []);

  async function dryRun(chosen: File, next: ImportMapping | undefined) {
    setReading(true);
    setFailed(null);
    try {
      const p = await previewImport(chosen, next);
      setPreview(p);
      setMapping(Object.fromEntries(p.columns.flatMap((c) => (c.field ? [[c.header, c.field]] : []))));
    } catch (error) {
      setPreview(null);
      setFailed(errorMessage(error, staffText('staff.imports.failed')));
    } finally {
      setReading(false);
    }
  }

  function choose(chosen: File | undefined) {
    setResult(null);
    setUndone(null);
    setPreview(null);
    setMapping(undefined);
    setFile(chosen ?? null);
    if (chosen) void dryRun(chosen, undefined);
  }

  function changeColumn(header: string, field: string) {
    if (!file) return;
    const next: ImportMapping = { ...mapping };
    if (field === NONE) delete next[header];
    else {
      // A field is read from one column: the column that had it before gives it up.
      for (const [h, f] of Object.entries(next)) if (f === field) delete next[h];
      next[header] = field as ImportField;
    }
    setMapping(next);
    void dryRun(file, next);
  }

  async function start() {
    if (!file) return;
    const importId = newImportId();
    setFailed(null);
    setRunning({ stage: 'upload', fraction: 0 });
    const follow = () => {
      if (poll.current !== undefined) return;
      poll.current = window.setInterval(() => {
        fetchImportProgress(importId).then(
          (progress) => setRunning((r) => (r?.stage === 'server' ? { stage: 'server', progress } : r)),
          () => undefined, // not begun yet (404), or a blip: the next tick asks again
        );
      }, 400);
    };
    try {
      const done = await runImport(file, mapping, importId, (fraction) => {
        if (fraction >= 1) {
          setRunning({ stage: 'server', progress: null });
          follow();
        } else setRunning({ stage: 'upload', fraction });
      });
      setResult({ file: file.name, result: done });
      setPreview(null);
      setFile(null);
      if (input.current) input.current.value = '';
      void revalidator.revalidate();
    } catch (error) {
      setFailed(errorMessage(error, staffText('staff.imports.runFailed')));
    } finally {
      window.clearInterval(poll.current);
      poll.current = undefined;
      setRunning(null);
    }
  }

  const fieldOptions = [
    { value: NONE, label: staffText('staff.imports.field.none') },
    ...IMPORT_FIELDS.map((f) => ({ value: f, label: staffText(FIELD_LABELS[f]) })),
  ];
  const importable = preview !== null && preview.willCreate + preview.willUpdate > 0;

  return (
    <div className="leads-page lead-import">
      <PageMeta title={staffText('staff.imports.title')} description={staffText('staff.imports.description')} />
      <Link to={paths.leads} className="lead-import__back">
        <ArrowLeftOutlined aria-hidden /> {staffText('staff.imports.back')}
      </Link>
      <Typography.Title level={1} className="leads-title">
        {staffText('staff.imports.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{staffText('staff.imports.intro')}</Typography.Paragraph>

      <div className="lead-import__choose">
        <label htmlFor={inputId}>{staffText('staff.imports.choose')}</label>
        <input
          id={inputId}
          ref={input}
          type="file"
          name="file"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={running !== null}
          onChange={(e) => choose(e.target.files?.[0])}
        />
      </div>
      {reading ? (
        <p role="status" aria-live="polite" aria-busy="true">
          {staffText('staff.imports.reading')}
        </p>
      ) : null}
      {failed ? <Alert type="error" showIcon role="alert" title={failed} /> : null}

      {result ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={staffText('staff.imports.result', {
            file: result.file,
            created: result.result.created,
            updated: result.result.updated,
            skipped: result.result.skipped,
          })}
        />
      ) : null}

      {preview && file ? (
        <>
          <Card size="small" title={<h2 className="lead-card-title">{staffText('staff.imports.sample.title')}</h2>}>
            <div
              className="lead-import__scroll"
              tabIndex={0}
              role="region"
              aria-label={staffText('staff.imports.sample.caption', { count: preview.sample.length, file: file.name })}
            >
              <table className="lead-import__sample">
                <caption className="leads-muted">{staffText('staff.imports.sample.caption', { count: preview.sample.length, file: file.name })}</caption>
                <thead>
                  <tr>
                    {preview.columns.map((c, i) => (
                      <th key={i} scope="col">
                        {c.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.sample.map((row, r) => (
                    <tr key={r}>
                      {row.map((cell, i) => (
                        <td key={i}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>

          <Card size="small" title={<h2 className="lead-card-title">{staffText('staff.imports.mapping.title')}</h2>}>
            <p className="leads-muted">{staffText('staff.imports.mapping.hint')}</p>
            <div className="lead-import__mapping">
              {preview.columns.map((c) => (
                <label key={c.header} className="leads-filter">
                  <span>{staffText('staff.imports.mapping.column', { header: c.header })}</span>
                  <Select
                    aria-label={staffText('staff.imports.mapping.column', { header: c.header })}
                    value={mapping?.[c.header] ?? NONE}
                    options={fieldOptions}
                    // Thirteen options: no virtual list (whose hidden, unnamed listbox stays in the page once opened).
                    virtual={false}
                    disabled={reading || running !== null}
                    onChange={(v: string) => changeColumn(c.header, v)}
                  />
                </label>
              ))}
            </div>
          </Card>

          <Card size="small" title={<h2 className="lead-card-title">{staffText('staff.imports.dryRun.title')}</h2>}>
            <ul className="lead-import__figures" aria-live="polite">
              <li>{staffText('staff.imports.dryRun.willCreate', { count: preview.willCreate })}</li>
              <li>{staffText('staff.imports.dryRun.willUpdate', { count: preview.willUpdate })}</li>
              <li>{staffText('staff.imports.dryRun.skipped', { count: preview.skipped })}</li>
            </ul>
            {preview.errors.length > 0 ? (
              <>
                <h3 className="lead-import__h3">{staffText('staff.imports.dryRun.skippedList')}</h3>
                <ul className="lead-import__errors" aria-label={staffText('staff.imports.dryRun.skippedList')}>
                  {preview.errors.map((e) => (
                    <li key={e.row}>{e.message}</li>
                  ))}
                </ul>
                {preview.skipped > preview.errors.length ? (
                  <p className="leads-muted">{staffText('staff.imports.dryRun.moreSkipped', { count: preview.skipped - preview.errors.length })}</p>
                ) : null}
              </>
            ) : null}
            {importable ? null : <Alert type="warning" showIcon title={staffText('staff.imports.dryRun.nothing')} />}
            {running ? <ImportProgressBar running={running} /> : null}
            <div className="lead-import__actions">
              <Button type="primary" icon={<UploadOutlined />} disabled={!importable || reading} loading={running !== null} onClick={() => void start()}>
                {staffText('staff.imports.run')}
              </Button>
            </div>
          </Card>
        </>
      ) : null}

      <Card size="small" title={<h2 className="lead-card-title">{staffText('staff.imports.list.title')}</h2>}>
        {undone ? (
          <Alert
            type="success"
            showIcon
            role="status"
            style={{ marginBottom: 12 }}
            title={staffText('staff.imports.undo.done', { message: undone.undone.message, removed: undone.undone.removed, restored: undone.undone.restored })}
            description={
              undone.undone.kept.length > 0 ? (
                <>
                  <p>{staffText('staff.imports.undo.kept')}</p>
                  <ul className="lead-import__kept">
                    {undone.undone.kept.map((k) => (
                      <li key={`${k.row}:${k.leadId}`}>
                        <Link to={leadPath(k.leadId)}>{staffText('staff.imports.undo.keptRow', { row: k.row, reason: k.reason })}</Link>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null
            }
          />
        ) : null}
        {list.data ? (
          <ImportsList
            list={list.data}
            onUndone={(f, u) => {
              setUndone({ file: f, undone: u });
              setResult(null);
              void revalidator.revalidate();
            }}
          />
        ) : (
          <LoadFailed message={staffText('staff.imports.list.loadFailed')} reason={list.error ?? undefined} />
        )}
      </Card>
    </div>
  );
}
