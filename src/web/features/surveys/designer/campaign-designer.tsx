import { CheckCircleOutlined, CopyOutlined, GlobalOutlined, LeftOutlined, LockOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, ConfigProvider, Form, Input, Spin, Tabs, Tooltip } from 'antd';
import { lazy, Suspense, type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CAMPAIGN_MESSAGES, CAMPAIGN_NAME_MAX, campaignTitleSchema } from '#shared/surveys/campaigns.contract';
import { paths } from '#shared/paths';
import { BROKEN_REFERENCES_MESSAGE, brokenReferences as findBrokenReferences, describeReference } from '#shared/survey-json/references';
import { PageMeta } from '#web/components/page-meta';
import { zodRule } from '#web/lib/antd-zod';
import { ApiError } from '#web/lib/api-client';
import { createCampaign, updateCampaign, type CampaignBody } from './designer-api';
import { keepSelection, type EditDocument, type Selection } from './designer-selection';
import { historyReducer, startHistory } from './document-history';
import { JsonEditor } from './json-editor';
import { formatSurveyJson, parseSurveyJson, type JsonTextError } from './json-text';
import { LanguageBar } from './language-bar';
import type { Translation } from './localized-field';
import { SurveyDesigner } from './survey-designer';
import { ADDABLE_LOCALES, languageName, locateText, surveyLanguages, withoutLanguage } from './survey-languages';
import { surveyLocales, untranslatedIn } from '#shared/survey-json/localized-text';
import { editLocale, localeLabel, type SurveyJson } from './survey-json';
import { pagesOf } from './survey-structure';
import { useFocusRequest } from './use-focus-request';
import { SurveySize } from './survey-size';
import { staffText } from '#web/lib/staff-text';
import { useUnsavedChangesPrompt } from '#web/lib/use-unsaved-changes';
import { copyName, type DesignerSource } from './designer-source';
import { countQuestions, validateCampaign } from './validate-campaign';
import './designer.css';

const SurveyPreview = lazy(() => import('./survey-preview'));

// The messages of SPEC.md §8.
const { created: CREATED, createFailed: CREATE_FAILED, updated: UPDATED, updateFailed: UPDATE_FAILED } = CAMPAIGN_MESSAGES;

type Tab = 'designer' | 'json' | 'preview';

const emptySurvey = (): SurveyJson => ({ pages: [{ name: 'page1', elements: [] }] });

interface Snapshot {
  name: string;
  questions: string;
}

interface DesignerWorkspaceProps {
  heading: string;
  source: DesignerSource;
  /** Set when editing: saves go to POST /api/campaign/update/:id. */
  campaignId?: string;
}

function startingPoint(source: DesignerSource): { doc: SurveyJson; jsonText: string | null; loadError: JsonTextError | null } {
  if (source.questions === null) return { doc: emptySurvey(), jsonText: null, loadError: null };
  const parsed = parseSurveyJson(source.questions);
  if (parsed.ok) return { doc: parsed.doc, jsonText: null, loadError: null };
  // Stored text that is not a JSON object: show it in the JSON tab to be repaired.
  return { doc: emptySurvey(), jsonText: source.questions, loadError: parsed.error };
}

// Undo and redo: one arrow, mirrored, so the two read as opposites (antd's pair looks alike).
const historyArrow = 'M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11';
const UndoIcon = () => (
  <span className="anticon" aria-hidden="true">
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-icon="undo"
    >
      <path d={historyArrow} />
    </svg>
  </span>
);
const RedoIcon = () => (
  <span className="anticon" aria-hidden="true">
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-icon="redo"
    >
      <path d={historyArrow} transform="matrix(-1 0 0 1 24 0)" />
    </svg>
  </span>
);

function isTextEntry(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * A locked campaign's designer and JSON: every control that edits is disabled
 * (antd's), while pages and questions can still be picked to read their settings.
 */
function ReadOnly({ locked, children }: { locked: boolean; children: ReactNode }) {
  return locked ? <ConfigProvider componentDisabled>{children}</ConfigProvider> : children;
}

/** The designer page: campaign title, Designer / JSON / Preview tabs, undo, save. */
export function DesignerWorkspace({ heading: editHeading, source, campaignId }: DesignerWorkspaceProps) {
  const { message, modal } = App.useApp();
  // A campaign with responses opens read-only: nothing to edit, nothing to save.
  const locked = source.lockedBy !== undefined && source.lockedBy > 0;
  const heading = locked ? staffText('staff.designer.workspace.headingView') : editHeading;
  const [duplicating, setDuplicating] = useState(false);
  const navigate = useNavigate();
  const [form] = Form.useForm<{ name: string }>();
  const [start] = useState(() => startingPoint(source));
  const [history, dispatch] = useReducer(historyReducer, start.doc, startHistory);
  const doc = history.present;
  const [rawSelection, setSelection] = useState<Selection>({ kind: 'page', page: 0 });
  const selection = keepSelection(doc, rawSelection);
  const [tab, setTab] = useState<Tab>(start.loadError ? 'json' : 'designer');
  const [jsonText, setJsonText] = useState<string | null>(start.jsonText);
  const [saved, setSaved] = useState<Snapshot | null>(() =>
    source.unsaved || start.loadError ? null : { name: source.name.trim(), questions: JSON.stringify(start.doc) },
  );
  const [saving, setSaving] = useState(false);
  /** The server's list of problems with the survey, for the version it refused. */
  const [serverProblems, setServerProblemsFor] = useState<{ questions: string; message: string; items: string[] } | null>(null);
  const requestFocus = useFocusRequest();
  // The survey's languages: a language added here writes nothing until a text is
  // translated; Hindi already in the survey opens beside the default texts.
  const [addedLocales, setAddedLocales] = useState<string[]>([]);
  const [sideChoice, setSideChoice] = useState<string | null>(() => (surveyLocales(JSON.stringify(start.doc)).includes('hi') ? 'hi' : null));
  const [previewLocale, setPreviewLocale] = useState('');

  const watchedName = Form.useWatch('name', form);
  const name = watchedName ?? source.name;
  const questions = useMemo(() => JSON.stringify(doc), [doc]);
  const dirty = !locked && (!saved || saved.name !== name.trim() || saved.questions !== questions);
  const jsonError = useMemo(() => {
    if (jsonText === null) return null;
    const parsed = parseSurveyJson(jsonText);
    return parsed.ok ? null : parsed.error;
  }, [jsonText]);
  const { allowNextNavigation } = useUnsavedChangesPrompt(dirty);
  // References to questions that do not exist (a renamed or deleted question): the server refuses
  // such a survey, so they are listed as soon as they appear. Deferred: a large survey takes a while.
  const deferredDoc = useDeferredValue(doc);
  const brokenReferences = useMemo(() => findBrokenReferences(deferredDoc), [deferredDoc]);
  const setServerProblems = (problems: { message: string; items: string[] }) => setServerProblemsFor({ questions, ...problems });
  const shownProblems =
    serverProblems && serverProblems.questions === questions
      ? serverProblems
      : brokenReferences.length > 0
        ? { message: BROKEN_REFERENCES_MESSAGE, items: brokenReferences.map(describeReference) }
        : null;

  const edit: EditDocument = useCallback(
    (update, options = {}) => {
      if (options.select) setSelection(options.select);
      if (locked) return;
      dispatch({ type: 'edit', doc: update, mergeKey: options.mergeKey, now: Date.now() });
      setJsonText(null);
    },
    [locked],
  );

  const undo = useCallback(() => {
    if (locked) return;
    dispatch({ type: 'undo' });
    setJsonText(null);
  }, [locked]);
  const redo = useCallback(() => {
    if (locked) return;
    dispatch({ type: 'redo' });
    setJsonText(null);
  }, [locked]);

  /**
   * "Duplicate to edit": the locked campaign's questions, as stored, become a new campaign, which
   * opens in the designer to edit (the campaign with responses stays as it is).
   */
  const duplicateToEdit = async () => {
    if (duplicating) return;
    setDuplicating(true);
    try {
      const { questionNames } = await import('#shared/survey-json/survey-questions');
      const copy = source.questions ?? questions;
      const created = await createCampaign({ name: copyName(source.name), questions: copy, questioncolumns: questionNames(doc).join(',') });
      void message.success(CREATED);
      navigate(`${paths.campaignEdit}?${new URLSearchParams({ id: created._id })}`, { state: { id: created._id } });
    } catch (error) {
      void message.error(error instanceof ApiError && error.code === 'TOO_LARGE' ? error.message : CREATE_FAILED);
    } finally {
      setDuplicating(false);
    }
  };

  const changeJson = (text: string) => {
    if (locked) return;
    setJsonText(text);
    const parsed = parseSurveyJson(text);
    if (parsed.ok) dispatch({ type: 'edit', doc: parsed.doc, mergeKey: 'json', now: Date.now() });
  };

  const changeTab = (next: string) => {
    if (tab === 'json' && jsonError) {
      void message.warning(staffText('staff.designer.workspace.jsonNotApplied', { line: String(jsonError.line), column: String(jsonError.column) }));
    }
    setTab(next as Tab);
  };

  const fail = (fallback: string, error: unknown) => {
    if (error instanceof ApiError && error.code === 'EDIT_LOCKED') {
      modal.confirm({
        title: error.message,
        content: staffText('staff.designer.workspace.lockedContent'),
        okText: staffText('staff.designer.workspace.lockedOk'),
        cancelText: staffText('staff.designer.workspace.lockedClose'),
        onOk: () => {
          allowNextNavigation();
          navigate(paths.campaignNew, { state: { draft: { name: staffText('staff.designer.workspace.copyOf', { name: name.trim() }), questions } } });
        },
      });
      return;
    }
    // A survey over the size limit: the server's message says the limit and what to do.
    void message.error(error instanceof ApiError && error.code === 'TOO_LARGE' ? error.message : fallback);
    if (error instanceof ApiError && error.code === 'VALIDATION') {
      const titleError = error.errors.find((e) => e.field === 'name');
      if (titleError) form.setFields([{ name: 'name', errors: [titleError.message] }]);
      const questionErrors = error.errors.filter((e) => e.field === 'questions');
      // Several: the survey's broken references, listed in a banner until fixed.
      if (questionErrors.length > 1) setServerProblems({ message: error.message, items: questionErrors.map((e) => e.message) });
      else if (questionErrors[0]) void message.warning(questionErrors[0].message);
    }
  };

  const save = async () => {
    if (saving || locked) return;
    if (jsonError) {
      setTab('json');
      void message.error(staffText('staff.designer.workspace.fixJson', { line: String(jsonError.line), column: String(jsonError.column) }));
      return;
    }
    const problems = validateCampaign({ name: name.trim(), questions });
    if (problems.length > 0) {
      for (const problem of problems) void message.error(problem.message);
      if (problems.some((p) => p.field === 'name')) {
        void form.validateFields(['name']).catch(() => undefined);
        requestFocus('#campaign_name');
      } else if (problems.some((p) => p.field === 'questions')) {
        setTab('designer');
        setSelection({ kind: 'page', page: 0 });
        requestFocus('[data-focus="add-question"]');
      }
      return;
    }
    if (brokenReferences.length > 0) {
      void message.error(BROKEN_REFERENCES_MESSAGE);
      requestFocus('#designer-broken-references');
      return;
    }
    setSaving(true);
    try {
      // questioncolumns as the server derives them (survey-core, loaded only now); the server ignores the value.
      const { questionNames } = await import('#shared/survey-json/survey-questions');
      const body: CampaignBody = { name: name.trim(), questions, questioncolumns: questionNames(doc).join(',') };
      if (campaignId) {
        await updateCampaign(campaignId, body);
        setSaved({ name: body.name, questions: body.questions });
        void message.success(UPDATED);
      } else {
        await createCampaign(body);
        setSaved({ name: body.name, questions: body.questions });
        void message.success(CREATED);
        allowNextNavigation();
        navigate(paths.dashboard);
      }
    } catch (error) {
      fail(campaignId ? UPDATE_FAILED : CREATE_FAILED, error);
    } finally {
      setSaving(false);
    }
  };

  // Keyboard shortcuts: Ctrl/⌘+S saves; Ctrl/⌘+Z and Shift+Ctrl/⌘+Z (or Ctrl+Y) undo and redo
  // outside text fields (inside them the field's own undo applies).
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 's') {
        event.preventDefault();
        void saveRef.current();
      } else if (!isTextEntry(event.target) && (key === 'z' || key === 'y')) {
        event.preventDefault();
        if (key === 'y' || event.shiftKey) redo();
        else undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  const pageCount = pagesOf(doc).length;
  const locale = editLocale(doc);
  const questionCount = countQuestions(doc);
  const summary = staffText('staff.designer.workspace.summary', { pages: pageCount, questions: questionCount });
  const mainName = locale ? languageName(locale) : staffText('staff.designer.workspace.english');
  const languages = useMemo(() => surveyLanguages(questions, addedLocales, locale), [questions, addedLocales, locale]);
  const untranslated = useMemo(() => Object.fromEntries(languages.map((l) => [l, untranslatedIn(doc, l)])), [doc, languages]);
  const counts = useMemo(() => Object.fromEntries(Object.entries(untranslated).map(([l, paths]) => [l, paths.length])), [untranslated]);
  const side = sideChoice && languages.includes(sideChoice) ? sideChoice : null;
  const translation = useMemo<Translation | null>(() => (side ? { locale: side, name: languageName(side), mainName } : null), [side, mainName]);

  const addLanguage = (added: string) => {
    setAddedLocales((list) => [...list, added]);
    setSideChoice(added);
    requestFocus(`#designer-language-side-${added}`);
  };

  const removeLanguage = (removed: string) => {
    const name = languageName(removed);
    modal.confirm({
      title: staffText('staff.designer.workspace.removeLanguageTitle', { name }),
      content: staffText('staff.designer.workspace.removeLanguageContent', { name, mainName }),
      okText: staffText('staff.designer.languages.remove', { name }),
      okButtonProps: { danger: true },
      cancelText: staffText('staff.designer.keepIt'),
      onOk: () => {
        edit((current) => withoutLanguage(current, removed));
        setAddedLocales((list) => list.filter((l) => l !== removed));
        if (sideChoice === removed) setSideChoice(null);
        if (previewLocale === removed) setPreviewLocale('');
        requestFocus(ADDABLE_LOCALES.includes(removed) ? `[data-focus="add-language-${removed}"]` : '#designer-languages-heading');
      },
    });
  };

  /** Selects the first untranslated text the designer has a field for, and puts the cursor in its translation. */
  const nextUntranslated = (target: string) => {
    for (const path of untranslated[target] ?? []) {
      const place = locateText(doc, path, target);
      if (!place) continue;
      setSideChoice(target);
      setSelection(place.selection);
      requestFocus(place.focus);
      return;
    }
    void message.info(staffText('staff.designer.workspace.untranslatedElsewhere', { name: languageName(target) }));
  };

  return (
    <div className="designer-page">
      <PageMeta title={heading} description={staffText('staff.designer.workspace.description')} />
      <header className="designer-header">
        <div className="designer-header__titles">
          <Link to={paths.dashboard} className="designer-back">
            <LeftOutlined aria-hidden="true" /> {staffText('staff.designer.workspace.back')}
          </Link>
          <h1>{heading}</h1>
        </div>
        {locked ? (
          <div className="designer-header__actions">
            <span className="designer-save-state" role="status">
              <LockOutlined aria-hidden="true" /> {staffText('staff.designer.workspace.readOnly')}
            </span>
            <Button type="primary" icon={<CopyOutlined />} loading={duplicating} onClick={() => void duplicateToEdit()}>
              {staffText('staff.designer.workspace.duplicate')}
            </Button>
          </div>
        ) : (
          <div className="designer-header__actions">
            <span className="designer-save-state" role="status">
              {dirty ? (
                staffText('staff.designer.workspace.unsaved')
              ) : (
                <>
                  <CheckCircleOutlined aria-hidden="true" />{' '}
                  {staffText(campaignId ? 'staff.designer.workspace.saved' : 'staff.designer.workspace.nothingToSave')}
                </>
              )}
            </span>
            <Tooltip title={staffText('staff.designer.workspace.undoTip')}>
              <Button icon={<UndoIcon />} aria-keyshortcuts="Control+Z" disabled={history.past.length === 0} onClick={undo} className="designer-history-button">
                <span className="designer-history-button__label">{staffText('staff.designer.workspace.undo')}</span>
              </Button>
            </Tooltip>
            <Tooltip title={staffText('staff.designer.workspace.redoTip')}>
              <Button
                icon={<RedoIcon />}
                aria-keyshortcuts="Control+Shift+Z"
                disabled={history.future.length === 0}
                onClick={redo}
                className="designer-history-button"
              >
                <span className="designer-history-button__label">{staffText('staff.designer.workspace.redo')}</span>
              </Button>
            </Tooltip>
            <SurveySize questions={questions} />
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} aria-keyshortcuts="Control+S">
              {staffText(campaignId ? 'staff.designer.workspace.save' : 'staff.designer.workspace.create')}
            </Button>
          </div>
        )}
      </header>

      {locked && (
        <Alert
          className="designer-banner designer-locked"
          type="warning"
          showIcon
          title={CAMPAIGN_MESSAGES.editLocked}
          description={staffText('staff.designer.workspace.lockedDescription', { count: source.lockedBy ?? 0 })}
        />
      )}

      {source.isActive && !locked && <Alert className="designer-banner" type="warning" showIcon title={staffText('staff.designer.workspace.live')} />}
      {start.loadError && (
        <Alert
          className="designer-banner"
          type="error"
          showIcon
          title={staffText('staff.designer.workspace.storedInvalid')}
          description={staffText('staff.designer.workspace.storedInvalidAt', {
            line: String(start.loadError.line),
            column: String(start.loadError.column),
            message: start.loadError.message,
          })}
        />
      )}

      {shownProblems && (
        <div id="designer-broken-references" tabIndex={-1} className="designer-banner">
          <Alert
            type="error"
            showIcon
            title={shownProblems.message}
            description={
              <ul className="designer-problem-list">
                {shownProblems.items.map((item, index) => (
                  <li key={index}>{item}</li>
                ))}
              </ul>
            }
          />
        </div>
      )}

      <Form
        form={form}
        name="campaign"
        layout="vertical"
        initialValues={{ name: source.name }}
        className="designer-title-form"
        disabled={locked}
        onFinish={() => void save()}
      >
        <Form.Item name="name" label={staffText('staff.designer.workspace.title')} rules={[zodRule(campaignTitleSchema)]}>
          <Input size="large" placeholder={staffText('staff.designer.workspace.titlePlaceholder')} maxLength={CAMPAIGN_NAME_MAX} autoComplete="off" />
        </Form.Item>
      </Form>

      {locale && (
        <p className="designer-locale" id="designer-locale">
          <GlobalOutlined aria-hidden="true" /> {staffText('staff.designer.workspace.editingIn')}
          <strong>{localeLabel(locale)}</strong>
          {staffText('staff.designer.workspace.editingInAfter', { locale })}
        </p>
      )}

      <Tabs
        className="designer-tabs"
        activeKey={tab}
        onChange={changeTab}
        destroyOnHidden
        tabBarExtraContent={<span className="designer-summary">{summary}</span>}
        items={[
          {
            key: 'designer',
            label: staffText('staff.designer.workspace.tabDesigner'),
            children: (
              <>
                <LanguageBar
                  mainName={mainName}
                  languages={languages}
                  counts={counts}
                  addable={ADDABLE_LOCALES.filter((l) => l !== locale && !languages.includes(l))}
                  side={side}
                  onSide={setSideChoice}
                  onAdd={addLanguage}
                  onRemove={removeLanguage}
                  onNext={nextUntranslated}
                  locked={locked}
                />
                <ReadOnly locked={locked}>
                  <SurveyDesigner doc={doc} selection={selection} onSelect={setSelection} edit={edit} requestFocus={requestFocus} translation={translation} />
                </ReadOnly>
              </>
            ),
          },
          {
            key: 'json',
            label: staffText(jsonError ? 'staff.designer.workspace.tabJsonError' : 'staff.designer.workspace.tabJson'),
            children: (
              <ReadOnly locked={locked}>
                <JsonEditor text={jsonText ?? formatSurveyJson(doc)} error={jsonError} onChange={changeJson} onFormat={() => setJsonText(null)} />
              </ReadOnly>
            ),
          },
          {
            key: 'preview',
            label: staffText('staff.designer.workspace.tabPreview'),
            children: (
              <Suspense
                fallback={
                  <Spin description={staffText('staff.designer.workspace.loadingPreview')}>
                    <div className="designer-preview-loading" />
                  </Spin>
                }
              >
                <SurveyPreview doc={doc} mainName={mainName} languages={languages} locale={previewLocale} onLocale={setPreviewLocale} />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}
