import { staffText } from '#web/lib/staff-text';
import { ElementProperties } from './element-properties';
import type { Translation } from './localized-field';
import { selectedPage, type EditDocument, type Selection } from './designer-selection';
import { PageList } from './page-list';
import { PageOutline } from './page-outline';
import { PageProperties } from './page-properties';
import { SurveyProperties } from './survey-properties';
import type { SurveyJson } from './survey-json';
import { getElement, pageAt, pathKey } from './survey-structure';

interface SurveyDesignerProps {
  doc: SurveyJson;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  edit: EditDocument;
  requestFocus: (selector: string) => void;
  /** The second language edited beside the default texts, if any. */
  translation?: Translation | null;
}

/** The Designer tab: pages, the selected page's questions, and the selection's properties. */
export function SurveyDesigner({ doc, selection, onSelect, edit, requestFocus, translation = null }: SurveyDesignerProps) {
  const pageIndex = selectedPage(selection);
  const page = pageAt(doc, pageIndex);
  const element = selection.kind === 'element' ? getElement(doc, selection.path) : undefined;

  // On a phone the properties are below the list: take the staff member there, and back.
  const narrow = () => window.matchMedia('(max-width: 767px)').matches;
  const selectFromOutline = (next: Selection) => {
    onSelect(next);
    if (narrow()) requestFocus('#designer-properties-heading');
  };
  const backToList = () =>
    requestFocus(
      selection.kind === 'element'
        ? `[data-focus="el-${pathKey(selection.path)}-select"]`
        : selection.kind === 'survey'
          ? '[data-focus="survey-select"]'
          : '[data-focus="add-question"]',
    );

  return (
    <div className={translation ? 'designer-grid has-translation' : 'designer-grid'}>
      <PageList
        doc={doc}
        selectedPage={pageIndex}
        onSelectPage={(index) => onSelect({ kind: 'page', page: index })}
        surveySelected={selection.kind === 'survey'}
        onSelectSurvey={() => selectFromOutline({ kind: 'survey', page: pageIndex })}
        edit={edit}
        requestFocus={requestFocus}
      />
      {page ? (
        <PageOutline doc={doc} pageIndex={pageIndex} selection={selection} onSelect={selectFromOutline} edit={edit} requestFocus={requestFocus} />
      ) : (
        <section className="designer-outline designer-empty designer-empty--page" aria-label={staffText('staff.designer.grid.questions')}>
          <p>{staffText('staff.designer.grid.addPageFirst')}</p>
        </section>
      )}
      <aside className="designer-side" aria-label={staffText('staff.designer.grid.properties')}>
        <button type="button" className="designer-back-to-list" onClick={backToList}>
          {staffText('staff.designer.grid.backToList')}
        </button>
        {selection.kind === 'survey' ? (
          <SurveyProperties doc={doc} edit={edit} translation={translation} />
        ) : selection.kind === 'element' && element ? (
          <ElementProperties
            key={pathKey(selection.path)}
            doc={doc}
            path={selection.path}
            element={element}
            edit={edit}
            requestFocus={requestFocus}
            translation={translation}
          />
        ) : page ? (
          <PageProperties doc={doc} index={pageIndex} page={page} edit={edit} translation={translation} />
        ) : null}
      </aside>
    </div>
  );
}
