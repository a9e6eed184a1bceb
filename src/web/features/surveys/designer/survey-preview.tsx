import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { Model } from 'survey-core';
import 'survey-core/survey-core.fontless.css';
import { Survey } from 'survey-react-ui';
import '#shared/survey/custom-properties';
import { guardSurvey } from '#web/features/responses/survey-safety';
import type { SurveyJson } from './survey-json';

/** The site's dark blue and font (SurveyJS maps these classic variables onto its v3 ones). */
const PREVIEW_THEME = {
  cssVariables: {
    '--sjs-font-family': "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    '--sjs-primary-backcolor': '#1d4e89',
    '--sjs-primary-backcolor-dark': '#13315c',
    '--sjs-primary-backcolor-light': 'rgba(29, 78, 137, 0.1)',
    '--sjs-primary-forecolor': '#ffffff',
    '--sjs-general-backcolor-dim': '#f4f6fa',
  },
};

function PreviewRun({ doc, onComplete }: { doc: SurveyJson; onComplete: (answers: string) => void }) {
  const model = useMemo(() => {
    // The runner gets a copy: the document stays exactly as staff wrote it.
    const survey = new Model(structuredClone(doc));
    survey.showProgressBar = true;
    survey.progressBarLocation = 'aboveheader';
    survey.applyTheme(PREVIEW_THEME);
    guardSurvey(survey, { navigate: false });
    survey.onComplete.add((sender) => onComplete(JSON.stringify(sender.data, null, 2)));
    return survey;
  }, [doc, onComplete]);
  return <Survey model={model} />;
}

/**
 * The current definition in the real runner, as a visitor sees it on /startsurvey (progress bar at
 * the top). Loaded lazily: survey-core and survey-react-ui stay out of the designer's main chunk.
 */
export default function SurveyPreview({ doc }: { doc: SurveyJson }) {
  const [run, setRun] = useState(0);
  const [answers, setAnswers] = useState<string | null>(null);

  const restart = () => {
    setAnswers(null);
    setRun((n) => n + 1);
  };

  return (
    <div className="designer-preview">
      <div className="designer-preview__bar">
        <p>The survey as visitors will see it. Answers given here are not stored.</p>
        <Button size="small" icon={<ReloadOutlined />} onClick={restart}>
          Start over
        </Button>
      </div>
      <div className="designer-preview__frame">
        <PreviewRun key={run} doc={doc} onComplete={setAnswers} />
      </div>
      {answers && (
        <section className="designer-preview__answers" aria-labelledby="designer-preview-answers">
          <h3 id="designer-preview-answers">The answers this would store</h3>
          <pre className="designer-mono">{answers}</pre>
        </section>
      )}
    </div>
  );
}
