import { ArrowLeftOutlined, DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';
import { SURVEY_FILE_MESSAGES, SURVEY_FILES_ROUTES } from '#shared/responses/survey-files.contract';
import { paths } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { api } from '#web/lib/api-client';
import { LoadFailed, loadPageData } from '#web/lib/page-data';
import { staffText } from '#web/lib/staff-text';
import './survey-file-links.css';
import { formatTime } from '#web/lib/studio-time';

/**
 * A file a visitor attached to a survey answer. The staff token asks the server for a
 * signed address that works for 15 minutes; the page shows the file through it (an image inline, a
 * PDF behind a link), so the bytes never pass through script and the link works in a new tab.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  return loadPageData(
    () => api.call(SURVEY_FILES_ROUTES.link, { params: [params.id ?? ''], signal: request.signal }),
    staffText('staff.results.file.openFailed'),
  );
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return staffText('staff.results.file.bytes', { bytes });
  if (bytes < 1024 * 1024) return staffText('staff.results.file.kb', { size: Math.round(bytes / 1024) });
  return staffText('staff.results.file.mb', { size: (bytes / (1024 * 1024)).toFixed(1) });
}

const TYPE_NAMES: Partial<Record<string, StaffMessageKey>> = {
  'application/pdf': 'staff.results.file.typePdf',
  'image/png': 'staff.results.file.typePng',
  'image/jpeg': 'staff.results.file.typeJpeg',
  'image/gif': 'staff.results.file.typeGif',
  'image/webp': 'staff.results.file.typeWebp',
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
      <ArrowLeftOutlined aria-hidden="true" /> {staffText('staff.results.file.back')}
    </Link>
  );

  if (!data.data) {
    return (
      <div className="survey-file-page">
        <PageMeta title={staffText('staff.results.file.title')} description={staffText('staff.results.file.metaDescription')} />
        {backLink}
        <Typography.Title level={1}>{staffText('staff.results.file.title')}</Typography.Title>
        <LoadFailed
          message={staffText('staff.results.file.openFailed')}
          reason={data.error}
          notFound={data.notFound ? SURVEY_FILE_MESSAGES.notFound : undefined}
        />
      </div>
    );
  }

  const file = data.data;
  const isImage = file.type.startsWith('image/');
  const typeName = Object.hasOwn(TYPE_NAMES, file.type) ? TYPE_NAMES[file.type] : undefined;
  const expires = formatTime(file.expiresAt);
  return (
    <div className="survey-file-page">
      <PageMeta title={staffText('staff.results.file.metaTitle', { name: file.name })} description={staffText('staff.results.file.metaDescription')} />
      {backLink}
      <Typography.Title level={1} className="survey-file-page__title">
        {file.name}
      </Typography.Title>
      <p className="survey-file-page__facts">
        {typeName ? staffText(typeName) : file.type} · {sizeText(file.size)}
      </p>
      <Space wrap>
        <Button type="primary" icon={<ExportOutlined aria-hidden="true" />} href={file.url} target="_blank" rel="noopener">
          {isImage ? staffText('staff.results.file.openImage') : staffText('staff.results.file.openPdf')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden="true" />} href={file.url} download={file.name}>
          {staffText('staff.results.file.download')}
        </Button>
      </Space>
      <p className="survey-file-page__hint">{staffText('staff.results.file.expires', { expires })}</p>
      {isImage ? (
        <Card className="survey-file-page__preview">
          <img src={file.url} alt={staffText('staff.results.file.alt', { name: file.name })} />
        </Card>
      ) : null}
    </div>
  );
}
