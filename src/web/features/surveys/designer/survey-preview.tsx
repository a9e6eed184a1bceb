import { ReloadOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Model } from 'survey-core';
import 'survey-core/survey-core.fontless.css';
import { Survey } from 'survey-react-ui';
import '#shared/survey-json/custom-properties';
import { guardSurvey } from '#web/lib/survey-safety';
import { loadSurveyStrings } from '#web/lib/survey-language';
import { isLanguage } from '#shared/i18n/languages';
import { staffText } from '#web/lib/staff-text';
import type { SurveyJson } from './survey-json';
import { languageName } from './survey-languages';

/** The site's dark blue and font (SurveyJS maps these classic variables onto its v3 ones). */
const PREVIEW_THEME = {
  cssVariables: {
    '--sjs-font-family': "Inter, 'Noto Sans Devanagari', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    '--sjs-primary-backcolor': '#1d4e89',
    '--sjs-primary-backcolor-dark': '#13315c',
    '--sjs-primary-backcolor-light': 'rgba(29, 78, 137, 0.1)',
    '--sjs-primary-forecolor': '#ffffff',
    '--sjs-general-backcolor-dim': '#f4f6fa',
  },
};

function PreviewRun({ doc, locale, onComplete }: { doc: SurveyJson; locale: string; onComplete: (answers: string) => void }) {
  const model = useMemo(() => {
    // The runner gets a copy: the document stays exactly as staff wrote it.
    const survey = new Model(structuredClone(doc));
    // A language chosen above: its texts, and SurveyJS's own buttons in it (as on /hi/startsurvey).
    if (locale) survey.locale = locale;
    survey.showProgressBar = true;
    survey.progressBarLocation = 'aboveheader';
    survey.applyTheme(PREVIEW_THEME);
    guardSurvey(survey, { navigate: false });
    survey.onComplete.add((sender) => onComplete(JSON.stringify(sender.data, null, 2)));
    return survey;
  }, [doc, locale, onComplete]);
  return <Survey model={model} />;
}

/**
 * The current definition in the real runner, as a visitor sees it on /startsurvey (progress bar at
 * the top). Loaded lazily: survey-core and survey-react-ui stay out of the designer's main chunk.
 */
interface SurveyPreviewProps {
  doc: SurveyJson;
  /** The default texts' language: "English". */
  mainName: string;
  /** The survey's other languages. */
  languages: readonly string[];
  /** The language previewed ('' = the default texts). */
  locale: string;
  onLocale: (locale: string) => void;
}

export default function SurveyPreview({ doc, mainName, languages, locale, onLocale }: SurveyPreviewProps) {
  const [run, setRun] = useState(0);
  const [answers, setAnswers] = useState<string | null>(null);
  const shown = languages.includes(locale) ? locale : '';
  // SurveyJS's own texts in the site's languages (buttons, "Page 1 of 3") load before the run starts.
  const [loaded, setLoaded] = useState<string>('');
  useEffect(() => {
    let current = true;
    void loadSurveyStrings(isLanguage(shown) ? shown : 'en').then(() => {
      if (current) setLoaded(shown);
    });
    return () => {
      current = false;
    };
  }, [shown]);

  const restart = () => {
    setAnswers(null);
    setRun((n) => n + 1);
  };

  return (
    <div className="designer-preview">
      <div className="designer-preview__bar">
        <p>{staffText('staff.designer.preview.intro')}</p>
        {languages.length > 0 && (
          <span className="designer-preview__language">
            <label htmlFor="designer-preview-language">{staffText('staff.designer.preview.language')}</label>
            <Select
              id="designer-preview-language"
              size="small"
              value={shown}
              popupMatchSelectWidth={false}
              options={[
                { value: '', label: staffText('staff.designer.preview.default', { name: mainName }) },
                ...languages.map((l) => ({ value: l, label: languageName(l) })),
              ]}
              onChange={(next: string) => {
                setAnswers(null);
                onLocale(next);
              }}
            />
          </span>
        )}
        <Button size="small" icon={<ReloadOutlined />} onClick={restart}>
          {staffText('staff.designer.preview.startOver')}
        </Button>
      </div>
      <div className="designer-preview__frame">
        {loaded === shown ? <PreviewRun key={run} doc={doc} locale={shown} onComplete={setAnswers} /> : <div className="designer-preview-loading" />}
      </div>
      {answers && (
        <section className="designer-preview__answers" aria-labelledby="designer-preview-answers">
          <h3 id="designer-preview-answers">{staffText('staff.designer.preview.answers')}</h3>
          <pre className="designer-mono">{answers}</pre>
        </section>
      )}
    </div>
  );
}
