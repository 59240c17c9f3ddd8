import './common/base.css';
import { StrictMode, Suspense, lazy, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { matchDeviceRoute } from './common/route';
import { useT } from './common/i18n';
import catalogues from '../locales-devices/common.json';

const KioskScreen = lazy(() => import('./kiosk/kiosk-screen'));
const DisplayScreen = lazy(() => import('./display/display-screen'));
const OnSiteScreen = lazy(() => import('./onsite/onsite-screen'));
const ETicketScreen = lazy(() => import('./onsite/eticket-screen'));

function usePathname(): string {
  const [pathname, setPathname] = useState(window.location.pathname);
  useEffect(() => {
    const onPop = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  return pathname;
}

function Loading() {
  const { t } = useT(catalogues);
  return (
    <div className="device-center" role="status">
      {t('loading')}
    </div>
  );
}

function NotFound() {
  const { t } = useT(catalogues);
  return (
    <main className="device-center">
      <h1>{t('notFound')}</h1>
    </main>
  );
}

function DeviceApp() {
  const route = matchDeviceRoute(usePathname());
  return (
    <Suspense fallback={<Loading />}>
      {route.screen === 'kiosk' && <KioskScreen code={route.code} />}
      {route.screen === 'display' && <DisplayScreen code={route.code} layout={route.layout} />}
      {route.screen === 'onsite' && <OnSiteScreen branchId={route.branchId} />}
      {route.screen === 'eticket' && <ETicketScreen uniqueCode={route.uniqueCode} />}
      {route.screen === 'not-found' && <NotFound />}
    </Suspense>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from devices.html');
createRoot(container).render(
  <StrictMode>
    <DeviceApp />
  </StrictMode>,
);
