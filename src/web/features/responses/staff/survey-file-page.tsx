import { ArrowLeftOutlined, DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { SURVEY_FILE_MESSAGES, SURVEY_FILES_ROUTES } from '#shared/responses/survey-files.contract';
import { paths } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { api } from '#web/lib/api-client';
import { LoadFailed, loadPageData } from '#web/features/dashboard/page-data';
import './survey-file-links.css';

/**
 * A file a visitor attached to a survey answer (issue 18). The staff token asks the server for a
 * signed address that works for 15 minutes; the page shows the file through it (an image inline, a
 * PDF behind a link), so the bytes never pass through script and the link works in a new tab.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  return loadPageData(() => api.call(SURVEY_FILES_ROUTES.link, { params: [params.id ?? ''], signal: request.signal }), 'The file could not be opened.');
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
};

export function Component() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  // Back to wherever the link was (results, a lead); the dashboard when the page was opened directly.
  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.dashboard));

  const backLink = (
    <Link
      to={paths.dashboard}
      className="survey-file-page__back"
      onClick={(event) => {
        event.preventDefault();
        back();
      }}
    >
      <ArrowLeftOutlined aria-hidden="true" /> Back
    </Link>
  );

  if (!data.data) {
    return (
      <div className="survey-file-page">
        <PageMeta title="Attached file" description="A file a visitor attached to a survey answer." />
        {backLink}
        <Typography.Title level={1}>Attached file</Typography.Title>
        <LoadFailed message="The file could not be opened." reason={data.error} notFound={data.notFound ? SURVEY_FILE_MESSAGES.notFound : undefined} />
      </div>
    );
  }

  const file = data.data;
  const isImage = file.type.startsWith('image/');
  const expires = new Date(file.expiresAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="survey-file-page">
      <PageMeta title={`File: ${file.name}`} description="A file a visitor attached to a survey answer." />
      {backLink}
      <Typography.Title level={1} className="survey-file-page__title">
        {file.name}
      </Typography.Title>
      <p className="survey-file-page__facts">
        {TYPE_NAMES[file.type] ?? file.type} · {sizeText(file.size)}
      </p>
      <Space wrap>
        <Button type="primary" icon={<ExportOutlined aria-hidden="true" />} href={file.url} target="_blank" rel="noopener">
          {isImage ? 'Open the image' : 'Open the PDF'}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden="true" />} href={file.url} download={file.name}>
          Download
        </Button>
      </Space>
      <p className="survey-file-page__hint">These buttons work until {expires}; reload this page for a fresh link.</p>
      {isImage ? (
        <Card className="survey-file-page__preview">
          <img src={file.url} alt={`${file.name}, attached by the visitor`} />
        </Card>
      ) : null}
    </div>
  );
}
