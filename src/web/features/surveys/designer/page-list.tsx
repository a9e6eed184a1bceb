import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { staffText } from '#web/lib/staff-text';
import type { EditDocument } from './designer-selection';
import { addPage, deletePage, movePage } from './page-operations';
import { isContentType } from '#shared/survey-json/content-elements';
import { editLocale, isJsonObject, readText, stringProperty, type JsonObject, type SurveyJson } from './survey-json';
import { elementsWithin, isPanel, pagesOf } from './survey-structure';

interface PageListProps {
  doc: SurveyJson;
  selectedPage: number;
  onSelectPage: (index: number) => void;
  /** The survey's own texts (title, description) are in the properties panel. */
  surveySelected?: boolean;
  onSelectSurvey?: () => void;
  edit: EditDocument;
  requestFocus: (selector: string) => void;
}

export function pageLabel(page: JsonObject, index: number, locale = ''): string {
  return readText(page.title, locale) || stringProperty(page, 'name') || staffText('staff.designer.pageProps.untitled', { number: String(index + 1) });
}

function questionCount(page: JsonObject, index: number): number {
  return elementsWithin(page, { page: index, indices: [] }).filter(({ element }) => !isPanel(element) && !isContentType(element.type)).length;
}

/** The survey's pages: select, add, reorder with buttons, delete after confirming. */
export function PageList({ doc, selectedPage, onSelectPage, surveySelected = false, onSelectSurvey, edit, requestFocus }: PageListProps) {
  const { modal } = App.useApp();
  const pages = pagesOf(doc);

  const add = () => {
    const result = addPage(doc, selectedPage + 1);
    edit(result.doc, { select: { kind: 'page', page: result.index } });
    requestFocus(`[data-focus="page-${result.index}-select"]`);
  };

  const move = (from: number, to: number, control: 'up' | 'down') => {
    edit(movePage(doc, from, to), { select: { kind: 'page', page: to } });
    const edge = (control === 'up' && to === 0) || (control === 'down' && to === pages.length - 1);
    requestFocus(`[data-focus="page-${to}-${edge ? 'select' : control}"]`);
  };

  const remove = (index: number, page: JsonObject) => {
    const count = questionCount(page, index);
    modal.confirm({
      title: staffText('staff.designer.pages.deleteTitle', { label: pageLabel(page, index, editLocale(doc)) }),
      content: count > 0 ? staffText('staff.designer.pages.deleteContent', { count }) : staffText('staff.designer.pages.deleteEmpty'),
      okText: staffText('staff.designer.pages.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: staffText('staff.designer.keepIt'),
      onOk: () => {
        const next = Math.max(0, Math.min(index, pages.length - 2));
        edit(deletePage(doc, index), { select: { kind: 'page', page: next } });
        requestFocus(`[data-focus="page-${next}-select"]`);
      },
    });
  };

  return (
    <section className="designer-pages" aria-labelledby="designer-pages-heading">
      <div className="designer-section-head">
        <h2 id="designer-pages-heading">{staffText('staff.designer.pages.heading')}</h2>
        <Button size="small" icon={<PlusOutlined />} onClick={add} data-focus="page-add">
          {staffText('staff.designer.pages.add')}
        </Button>
      </div>
      {onSelectSurvey && (
        <button
          type="button"
          className={`designer-survey-select${surveySelected ? ' is-selected' : ''}`}
          aria-current={surveySelected ? 'true' : undefined}
          data-focus="survey-select"
          onClick={onSelectSurvey}
        >
          {staffText('staff.designer.pages.survey')}
        </button>
      )}
      {pages.length === 0 ? (
        <p className="designer-empty">{staffText('staff.designer.pages.none')}</p>
      ) : (
        <ol className="designer-page-list">
          {pages.map((page, index) => {
            if (!isJsonObject(page)) return null;
            const label = pageLabel(page, index, editLocale(doc));
            const selected = index === selectedPage && !surveySelected;
            const count = questionCount(page, index);
            return (
              <li key={index} className={`designer-page-item${selected ? ' is-selected' : ''}`}>
                <button
                  type="button"
                  className="designer-page-select"
                  aria-current={selected ? 'step' : undefined}
                  data-focus={`page-${index}-select`}
                  onClick={() => onSelectPage(index)}
                >
                  <span className="designer-page-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="designer-page-text">
                    <span className="designer-page-title">{label}</span>
                    <span className="designer-page-meta">{staffText('staff.designer.pages.questionCount', { count })}</span>
                  </span>
                </button>
                <span className="designer-row-tools" role="group" aria-label={staffText('staff.designer.pages.actions', { number: String(index + 1) })}>
                  <Tooltip title={staffText('staff.designer.pages.moveUpTip')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={staffText('staff.designer.pages.moveUp', { label })}
                      disabled={index === 0}
                      data-focus={`page-${index}-up`}
                      onClick={() => move(index, index - 1, 'up')}
                    />
                  </Tooltip>
                  <Tooltip title={staffText('staff.designer.pages.moveDownTip')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={staffText('staff.designer.pages.moveDown', { label })}
                      disabled={index === pages.length - 1}
                      data-focus={`page-${index}-down`}
                      onClick={() => move(index, index + 1, 'down')}
                    />
                  </Tooltip>
                  <Tooltip title={staffText(pages.length === 1 ? 'staff.designer.pages.lastPage' : 'staff.designer.pages.deleteTip')}>
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={staffText('staff.designer.pages.delete', { label })}
                      disabled={pages.length === 1}
                      onClick={() => remove(index, page)}
                    />
                  </Tooltip>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
