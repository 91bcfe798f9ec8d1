import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConsoleRouter } from './app/router.js';

dayjs.locale('zh-cn');

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Secondary text, placeholders, links and the green / orange / gold tags dark enough for WCAG AA contrast on white (ADR 0016, ADR 0033); a hovered or pressed primary button darker than the brand green, not antd's lighter derived shade (3.97:1 under white text) */}
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#0a7d52', colorPrimaryHover: '#086b46', colorPrimaryActive: '#065c3c', colorLink: '#0a7d52', colorLinkHover: '#086b46', colorTextSecondary: '#595959', colorTextDescription: '#595959', colorTextTertiary: '#595959', colorTextPlaceholder: '#6b6b6b', green: '#237804', orange: '#ad4e00', gold: '#ad6800' }, components: { Menu: { itemSelectedBg: '#e3f1ea', itemSelectedColor: '#06603f' } } }}>
      <AntdApp>
        <QueryClientProvider client={queryClient}>
          <ConsoleRouter />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  </StrictMode>,
);
