import { ArrowDownOutlined, ArrowUpOutlined, BranchesOutlined, CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import type { KeyboardEvent } from 'react';
import { staffText } from '#web/lib/staff-text';
import { AddQuestionMenu } from './add-question-menu';
import type { EditDocument, Selection } from './designer-selection';
import { addElement, canStep, deleteElement, duplicateElement, stepElement, type Direction } from './element-operations';
import { pageLabel } from './page-list';
import { typeLabel, type QuestionType } from './question-types';
import { editLocale, isJsonObject, readText, stringProperty, type JsonObject, type SurveyJson } from './survey-json';
import {
  childrenOf,
  childPath,
  getContainer,
  isPanel,
  lastIndex,
  pageAt,
  parentOf,
  pathKey,
  samePath,
  type ContainerRef,
  type ElementPath,
} from './survey-structure';
import { TypeIcon } from './type-icon';

interface PageOutlineProps {
  doc: SurveyJson;
  pageIndex: number;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  edit: EditDocument;
  requestFocus: (selector: string) => void;
}

function elementLabel(element: JsonObject, locale: string): string {
  return readText(element.title, locale) || stringProperty(element, 'name') || typeLabel(element.type);
}

const selectFocus = (path: ElementPath) => `[data-focus="el-${pathKey(path)}-select"]`;

/** The questions of one page as a tree (panels hold their questions), each with its toolbar. */
export function PageOutline({ doc, pageIndex, selection, onSelect, edit, requestFocus }: PageOutlineProps) {
  const { modal, message } = App.useApp();
  const page = pageAt(doc, pageIndex);
  if (!page) return null;
  const pageRef: ContainerRef = { page: pageIndex, indices: [] };
  const locale = editLocale(doc);
  const label = pageLabel(page, pageIndex, locale);

  // New questions go after the selected one (inside it when it is a panel), else at the end of the page.
  const insertionPoint = (): { container: ContainerRef; index?: number } => {
    if (selection.kind !== 'element' || selection.path.page !== pageIndex) return { container: pageRef };
    const selected = getContainer(doc, selection.path);
    if (selected && isPanel(selected)) return { container: selection.path };
    return { container: parentOf(selection.path), index: lastIndex(selection.path) + 1 };
  };

  const add = (type: QuestionType, container?: ContainerRef) => {
    const point = container ? { container } : insertionPoint();
    const result = addElement(doc, type, point.container, point.index);
    edit(result.doc, { select: { kind: 'element', path: result.path } });
    requestFocus('#prop-title');
  };

  const step = (path: ElementPath, direction: Direction) => {
    const result = stepElement(doc, path, direction);
    if (!result) return;
    edit(result.doc, { select: { kind: 'element', path: result.path } });
    const control = canStep(result.doc, result.path, direction) ? direction : 'select';
    requestFocus(`[data-focus="el-${pathKey(result.path)}-${control}"]`);
  };

  const duplicate = (path: ElementPath) => {
    const result = duplicateElement(doc, path);
    edit(result.doc, { select: { kind: 'element', path: result.path } });
    requestFocus(selectFocus(result.path));
  };

  const remove = (path: ElementPath, element: JsonObject) => {
    const apply = () => {
      const next = deleteElement(doc, path);
      const parent = parentOf(path);
      const siblings = childrenOf(getContainer(next, parent) ?? {});
      const index = Math.min(lastIndex(path), siblings.length - 1);
      const focusPath = index >= 0 ? childPath(parent, index) : parent.indices.length > 0 ? parent : null;
      edit(next, { select: focusPath ? { kind: 'element', path: focusPath } : { kind: 'page', page: pageIndex } });
      requestFocus(focusPath ? selectFocus(focusPath) : '[data-focus="add-question"]');
      void message.success(staffText('staff.designer.outline.deleted', { label: elementLabel(element, locale) }));
    };
    const inside = isPanel(element) ? childrenOf(element).length : 0;
    if (inside === 0) return apply();
    modal.confirm({
      title: staffText('staff.designer.outline.deletePanelTitle', { label: elementLabel(element, locale) }),
      content: staffText('staff.designer.outline.deletePanelContent', { count: inside }),
      okText: staffText('staff.designer.outline.deletePanelOk'),
      okButtonProps: { danger: true },
      cancelText: staffText('staff.designer.keepIt'),
      onOk: apply,
    });
  };

  const onRowKey = (event: KeyboardEvent, path: ElementPath) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const direction = event.key === 'ArrowUp' ? 'up' : 'down';
    const result = stepElement(doc, path, direction);
    if (!result) return;
    edit(result.doc, { select: { kind: 'element', path: result.path } });
    requestFocus(selectFocus(result.path));
  };

  const renderList = (container: JsonObject, ref: ContainerRef, depth: number) => (
    <ul className={depth === 0 ? 'designer-tree' : 'designer-tree designer-tree--nested'}>
      {childrenOf(container).map((child, index) => {
        if (!isJsonObject(child)) return null;
        const path = childPath(ref, index);
        const key = pathKey(path);
        const selected = selection.kind === 'element' && samePath(selection.path, path);
        const name = stringProperty(child, 'name') ?? '';
        const title = readText(child.title, locale);
        const panel = isPanel(child);
        return (
          <li key={key} className="designer-tree__item">
            <div className={`designer-element${selected ? ' is-selected' : ''}`}>
              <button
                type="button"
                className="designer-element__select"
                aria-current={selected ? 'true' : undefined}
                data-focus={`el-${key}-select`}
                aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                onClick={() => onSelect({ kind: 'element', path })}
                onKeyDown={(event) => onRowKey(event, path)}
              >
                <TypeIcon type={child.type} />
                <span className="designer-element__text">
                  <span className="designer-element__title">
                    {title || name || typeLabel(child.type)}
                    {child.isRequired === true && (
                      <span className="designer-required" title={staffText('staff.designer.outline.requiredTip')}>
                        {' '}
                        *<span className="visually-hidden">{staffText('staff.designer.outline.required')}</span>
                      </span>
                    )}
                  </span>
                  <span className="designer-element__meta">
                    {typeLabel(child.type)}
                    {name && title && (
                      <>
                        {' · '}
                        <code>{name}</code>
                      </>
                    )}
                    {typeof child.visibleIf === 'string' && child.visibleIf && (
                      <span className="designer-element__condition">
                        {' · '}
                        <BranchesOutlined aria-hidden="true" /> {staffText('staff.designer.outline.conditional')}
                      </span>
                    )}
                  </span>
                </span>
              </button>
              <span
                className="designer-row-tools"
                role="group"
                aria-label={staffText('staff.designer.outline.actions', { name: name || staffText('staff.designer.outline.element') })}
              >
                <Tooltip title={staffText('staff.designer.outline.moveUpTip')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={staffText('staff.designer.outline.moveUp', { name })}
                    disabled={!canStep(doc, path, 'up')}
                    data-focus={`el-${key}-up`}
                    onClick={() => step(path, 'up')}
                  />
                </Tooltip>
                <Tooltip title={staffText('staff.designer.outline.moveDownTip')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={staffText('staff.designer.outline.moveDown', { name })}
                    disabled={!canStep(doc, path, 'down')}
                    data-focus={`el-${key}-down`}
                    onClick={() => step(path, 'down')}
                  />
                </Tooltip>
                <Tooltip title={staffText('staff.designer.outline.duplicateTip')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<CopyOutlined />}
                    aria-label={staffText('staff.designer.outline.duplicate', { name })}
                    onClick={() => duplicate(path)}
                  />
                </Tooltip>
                <Tooltip title={staffText('staff.designer.outline.deleteTip')}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={staffText('staff.designer.outline.delete', { name })}
                    onClick={() => remove(path, child)}
                  />
                </Tooltip>
              </span>
            </div>
            {panel && (
              <div className="designer-panel-body">
                {childrenOf(child).length === 0 && <p className="designer-empty designer-empty--small">{staffText('staff.designer.outline.panelEmpty')}</p>}
                {childrenOf(child).length > 0 && renderList(child, path, depth + 1)}
                <AddQuestionMenu
                  label={staffText('staff.designer.outline.addToPanel')}
                  accessibleName={staffText('staff.designer.outline.addToPanelName', { name })}
                  buttonType="dashed"
                  size="small"
                  onAdd={(type) => add(type, path)}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );

  const empty = childrenOf(page).length === 0;
  return (
    <section className="designer-outline" aria-labelledby="designer-outline-heading">
      <div className="designer-section-head">
        <h2 id="designer-outline-heading">
          <button
            type="button"
            className="designer-outline__page"
            aria-current={selection.kind === 'page' ? 'true' : undefined}
            onClick={() => onSelect({ kind: 'page', page: pageIndex })}
          >
            <span className="visually-hidden">{staffText('staff.designer.outline.pageSettings')}</span>
            {label}
          </button>
        </h2>
        <AddQuestionMenu
          accessibleName={staffText('staff.designer.outline.addToPage', { number: String(pageIndex + 1), label })}
          focusKey="add-question"
          onAdd={(type) => add(type)}
        />
      </div>
      {readText(page.description, locale) && <p className="designer-outline__description">{readText(page.description, locale)}</p>}
      {empty ? (
        <div className="designer-empty designer-empty--page">
          <p>{staffText('staff.designer.outline.empty')}</p>
          <p>{staffText('staff.designer.outline.emptyHelp')}</p>
        </div>
      ) : (
        renderList(page, pageRef, 0)
      )}
    </section>
  );
}
