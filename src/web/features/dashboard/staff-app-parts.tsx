// The parts of antd's <App> that StaffApp (staff-app.tsx) loads when first needed.
// The same hooks as antd's <App> (antd/es/app/App.js).
import type { useAppProps } from 'antd/es/app/context';
import useMessage from 'antd/es/message/useMessage';
import useModal from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import { useEffect } from 'react';

export function AppParts({ onReady }: { onReady: (api: useAppProps) => void }) {
  const [messageApi, messageHolder] = useMessage();
  const [notificationApi, notificationHolder] = useNotification();
  const [modalApi, modalHolder] = useModal();
  useEffect(() => onReady({ message: messageApi, modal: modalApi, notification: notificationApi }), [onReady, messageApi, modalApi, notificationApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
