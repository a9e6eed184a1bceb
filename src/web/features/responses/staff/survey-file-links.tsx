import { PaperClipOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { surveyFilePagePath } from '#shared/paths';
import './survey-file-links.css';

/** The files a visitor attached to an answer, each a link to its staff page. */
export function SurveyFileLinks({ files }: { files: ReadonlyArray<{ fileId: string; name: string }> }) {
  return (
    <span className="survey-file-links">
      {files.map((file) => (
        <Link key={file.fileId} to={surveyFilePagePath(file.fileId)} className="survey-file-link">
          <PaperClipOutlined aria-hidden="true" /> {file.name}
        </Link>
      ))}
    </span>
  );
}
