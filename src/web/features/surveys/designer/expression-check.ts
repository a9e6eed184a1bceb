import { ConditionsParser, ExpressionErrorType, Model, type Base } from 'survey-core';
import '#shared/survey-json/custom-properties';
import type { SurveyJson } from './survey-json';

/**
 * Checks a condition (visibleIf…) with survey-core's own parser and validator, so the designer
 * accepts exactly what the runner understands. This module pulls in survey-core: the designer
 * imports it lazily, never from its main chunk.
 */

export interface ExpressionProblem {
  /** An error stops the expression from being applied; a warning is shown but applied. */
  severity: 'error' | 'warning';
  message: string;
}

export interface ExpressionOwner {
  kind: 'page' | 'element';
  name: string;
}

const models = new WeakMap<SurveyJson, Model>();

function modelOf(doc: SurveyJson): Model {
  let model = models.get(doc);
  if (!model) {
    // survey-core may adjust the object it loads: give it a copy, the document stays ours.
    model = new Model(structuredClone(doc));
    models.set(doc, model);
  }
  return model;
}

function ownerIn(model: Model, owner: ExpressionOwner | undefined): Base {
  if (owner?.kind === 'page') return model.getPageByName(owner.name) ?? model;
  if (owner?.kind === 'element') return model.getQuestionByName(owner.name) ?? model.getPanelByName(owner.name) ?? model;
  return model;
}

export function checkExpression(doc: SurveyJson, expression: string, owner?: ExpressionOwner): ExpressionProblem[] {
  if (expression.trim() === '') return [];
  const parser = new ConditionsParser();
  if (!parser.parseExpression(expression) || parser.error) {
    const at = parser.error ? parser.error.at : expression.length;
    const where = at >= expression.length ? 'at the end' : `at character ${at + 1}`;
    return [{ severity: 'error', message: `This condition is not valid: check the syntax ${where}.` }];
  }
  const result = ownerIn(modelOf(doc), owner).validateExpression('visibleIf', expression, { variables: true, functions: true, semantics: true });
  const problems: ExpressionProblem[] = [];
  for (const error of result?.errors ?? []) {
    switch (error.errorType) {
      case ExpressionErrorType.UnknownVariable:
        problems.push({ severity: 'warning', message: `Nothing in this survey is named "${error.variableName ?? ''}".` });
        break;
      case ExpressionErrorType.UnknownFunction:
        problems.push({ severity: 'warning', message: `"${error.functionName ?? ''}" is not a known function.` });
        break;
      case ExpressionErrorType.SemanticError:
        problems.push({ severity: 'warning', message: 'This condition is always true or always false.' });
        break;
      default:
        problems.push({ severity: 'error', message: 'This condition is not valid: check its syntax.' });
    }
  }
  return problems;
}
